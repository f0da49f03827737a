import type { TFunction } from 'i18next';
import { formatDay } from '@/shared/dates/formatDay';
import type { ExpiryStatus } from './expiryStatus';

/** The expiry in words, as the shopper page's badge says it: the page, the support desk's table and its CSV agree. */
export function expiryText(status: ExpiryStatus, t: TFunction, language: string): string {
  switch (status.kind) {
    case 'valid':
      return t('expiry.valid', { count: status.daysLeft });
    case 'expiringSoon':
      return status.daysLeft === 0 ? t('expiry.today') : t('expiry.soon', { count: status.daysLeft });
    case 'expired':
      return t('expiry.expired', { date: formatDay(status.since, language) });
    case 'unknown':
      return t('expiry.unknown');
  }
}
