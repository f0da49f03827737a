import { useTranslation } from 'react-i18next';
import link from '@/shared/styles/link.module.css';
import textStyles from '@/shared/styles/text.module.css';
import styles from './fallbackPage.module.css';

/** Replaces React's blank page and the router's untranslated 'Unexpected Application Error!'. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.page}>
      <h1 className={textStyles.h1}>{t('routeError.title')}</h1>
      <p className={textStyles.body}>{t('routeError.message')}</p>
      {/* A full load, not a client navigation: the app that failed may be in a broken state. */}
      <a href="/" className={link.link}>
        {t('routeError.backLink')}
      </a>
    </div>
  );
}
