import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import { LANGUAGES } from '@/i18n/languages';
import { Button } from '@/shared/ui/Button';
import { MuiTheme } from '@/shared/ui/MuiTheme';
import styles from './languageButton.module.css';

/** The language button when the page speaks more than two languages: each named in itself. */
export default function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <MuiTheme>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        aria-label={t('layout.languageMenu', { current: language.toUpperCase() })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        className={styles.language}
      >
        {language.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {LANGUAGES.map(({ code, name }) => (
          <MenuItem
            key={code}
            lang={code}
            selected={code === language}
            sx={{ minHeight: 44 }}
            onClick={() => {
              close();
              void i18n.changeLanguage(code);
            }}
          >
            {name}
          </MenuItem>
        ))}
      </Menu>
    </MuiTheme>
  );
}
