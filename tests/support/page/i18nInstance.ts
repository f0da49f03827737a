import { createI18n } from '@/i18n/i18n';

/** The real i18n setup the page uses, made once for the test run. */
export const i18n = await createI18n();
