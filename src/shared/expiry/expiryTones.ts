import type { StatusTone } from '../../../theme/statusTones';
import type { ExpiryStatus } from './expiryStatus';

/**
 * The tone of each expiry status: the shopper's badge and the desk's label read the same. Beside the
 * status rather than in theme/: the theme holds values and knows nothing of the page's code.
 */
export const expiryTones: Record<ExpiryStatus['kind'], StatusTone> = {
  valid: 'success',
  expiringSoon: 'warning',
  expired: 'error',
  unknown: 'neutral',
};
