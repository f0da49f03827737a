import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { vietnamDayOf } from '@/contract/vietnamDay';
import textStyles from '@/shared/styles/text.module.css';
import { brand } from '../../theme/brand';
import { cssVariables } from '../../theme/cssVariables';
import styles from './AppLayout.module.css';
import { LanguageToggle } from './LanguageToggle';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteErrorPage } from './RouteErrorPage';

// Plain elements with static styles: nothing to compute when the server renders them or the page hydrates.
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className={styles.page} style={cssVariables}>
      <header className={styles.header}>
        <a href={brand.website} aria-label={t('layout.homeLink', { company: brand.name })} className={styles.home}>
          <img src={brand.logo} alt={t('layout.logoAlt', { company: brand.name })} className={styles.logo} />
        </a>
        <LanguageToggle />
      </header>
      <main className={styles.main}>
        <RouteErrorBoundary key={pathname} fallback={<RouteErrorPage />}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <footer className={styles.footer}>
        <p className={`${textStyles.body2} ${textStyles.secondary}`}>
          {/* Vietnam's year, as the server's render cache keys pages by Vietnam's day: the same on every server and phone. */}
          {t('layout.footer', { year: vietnamDayOf(new Date()).year, company: brand.name })}
        </p>
      </footer>
    </div>
  );
}
