import { PROVINCES, type ProvinceId } from '@/contract/reports';
import { browserStorage } from '@/shared/storage/browserStorage';

const KEY = 'report.province';

/**
 * The province this device last reported from, offered first next time (a shopper mostly buys near home): kept
 * on the device only, like the recent lookups, and never sent but with a report the shopper sends.
 */
export const lastProvince = {
  read(): ProvinceId | null {
    const stored = browserStorage.read(KEY);
    return (PROVINCES as readonly string[]).includes(stored ?? '') ? (stored as ProvinceId) : null;
  },
  write(province: ProvinceId): void {
    browserStorage.write(KEY, province);
  },
};
