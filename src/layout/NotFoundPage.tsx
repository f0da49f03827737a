import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import link from '@/shared/styles/link.module.css';
import textStyles from '@/shared/styles/text.module.css';
import styles from './fallbackPage.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={textStyles.h1}>{t('notFound.title')}</h1>
      <Link to="/" className={link.link}>
        {t('notFound.backLink')}
      </Link>
    </div>
  );
}
