import type { BrowserContextOptions } from 'playwright-core';
import type { Language } from './texts';

export interface Profile {
  name: string;
  language: Language;
  context: BrowserContextOptions;
}

/** A shopper's phone: 390 x 844 CSS px, touch, Vietnamese. */
export const PHONE_VI: Profile = {
  name: 'phone, Vietnamese',
  language: 'vi',
  context: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'vi-VN',
  },
};

/** A desktop browser set to English (navigator.language en-US, so the page picks English). */
export const DESKTOP_EN: Profile = {
  name: 'desktop, English',
  language: 'en',
  context: { viewport: { width: 1280, height: 800 }, locale: 'en-US' },
};

export const PROFILES = [PHONE_VI, DESKTOP_EN];
