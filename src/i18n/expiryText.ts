import type { TFunction } from 'i18next';
import { formatDay } from './formatDay';
import type { ExpiryStatus } from '@/shared/expiry/expiryStatus';

/** One way of putting an expiry into words: the keys of its five messages. */
export interface ExpiryWording {
  valid: 'expiry.valid' | 'support.reply.valid';
  soon: 'expiry.soon' | 'support.reply.soon';
  today: 'expiry.today' | 'support.reply.today';
  expired: 'expiry.expired' | 'support.reply.expired';
  unknown: 'expiry.unknown' | 'support.reply.expiryUnknown';
}

/** The shopper page's badge: the page, the support desk's table and its CSV say it alike. */
export const BADGE_WORDING: ExpiryWording = {
  valid: 'expiry.valid',
  soon: 'expiry.soon',
  today: 'expiry.today',
  expired: 'expiry.expired',
  unknown: 'expiry.unknown',
};

/** The expiry in words; the same status picks the same message whatever the wording. */
export function expiryText(
  status: ExpiryStatus,
  t: TFunction,
  language: string,
  wording: ExpiryWording = BADGE_WORDING,
): string {
  switch (status.kind) {
    case 'valid':
      return t(wording.valid, { count: status.daysLeft });
    case 'expiringSoon':
      return status.daysLeft === 0 ? t(wording.today) : t(wording.soon, { count: status.daysLeft });
    case 'expired':
      return t(wording.expired, { date: formatDay(status.since, language) });
    case 'unknown':
      return t(wording.unknown);
  }
}
