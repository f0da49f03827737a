import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { languageSwitch } from '@/boot/protocol';
import { languageOf } from '@/i18n/i18n';
import { languageEntry, switchedLanguage } from '@/i18n/languages';
import { Button } from '@/shared/ui/Button';
import styles from './languageButton.module.css';

// Only a page with more than two languages needs a menu (and MUI's Menu, Popover and their chunk).
const LanguageMenu = lazy(() => import('./LanguageMenu'));

/** With two languages, a button that switches to the other; with more, a menu of them all. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const code = language.toUpperCase();
  const next = switchedLanguage(language);
  if (next === null) {
    return (
      <Suspense fallback={null}>
        <LanguageMenu />
      </Suspense>
    );
  }
  return (
    <Button
      id="language-button"
      color="inherit"
      variant="outlined"
      size="small"
      aria-label={t('layout.languageButton', { current: code, next: languageEntry(next).name })}
      onClick={() => void i18n.changeLanguage(next)}
      // Before the script runs, the page's loader swaps in the server's copy of the page in this language
      // (src/boot/languageSwap.ts), or holds the tap and finds the button again by its id.
      {...languageSwitch(next)}
      className={styles.language}
    >
      {code}
    </Button>
  );
}
