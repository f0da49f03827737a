import defaultLogo from '../public/logo.svg?inline';

/**
 * The company behind the page. Set at build time through VITE_BRAND_* (see README);
 * the defaults live in the top-level .env.
 */
export const brand = {
  name: import.meta.env.VITE_BRAND_NAME || 'Sữa Đồng Xanh',
  website: import.meta.env.VITE_BRAND_WEBSITE || 'https://example.com/',
  // The default logo is a few hundred bytes: inlined, the header needs no request of its own.
  logo: import.meta.env.VITE_BRAND_LOGO || defaultLogo,
  primary: import.meta.env.VITE_BRAND_PRIMARY || '#0b5cad',
  secondary: import.meta.env.VITE_BRAND_SECONDARY || '#1b7a43',
  /** The way to contact the brand wherever a text says so (recall, caution, not found); the website when unset. */
  hotline: ((import.meta.env.VITE_BRAND_HOTLINE as string | undefined) ?? '').trim(),
};
