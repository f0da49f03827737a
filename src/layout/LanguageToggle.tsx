import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';

export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const code = language.toUpperCase();
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      aria-label={t('layout.languageButton', { current: code })}
      onClick={() => void i18n.changeLanguage(language === 'vi' ? 'en' : 'vi')}
      sx={{ minWidth: 48, minHeight: 44, borderColor: 'rgba(255,255,255,0.7)' }}
    >
      {code}
    </Button>
  );
}
