/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TRACE_API_BASE?: string;
  readonly VITE_TRACE_API_KEY?: string;
  readonly VITE_BRAND_NAME?: string;
  readonly VITE_BRAND_WEBSITE?: string;
  readonly VITE_BRAND_LOGO?: string;
  readonly VITE_BRAND_PRIMARY?: string;
  readonly VITE_BRAND_SECONDARY?: string;
  readonly VITE_TRUSTED_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** An icon's SVG elements, for src/shared/ui/Icon.tsx (scripts/vite/iconShapes.ts). */
declare module '@mui/icons-material/*?shape' {
  // One element, or several (keyed) for an icon drawn from several shapes.
  const shape: import('react').ReactNode;
  export default shape;
}

/**
 * A catalogue less the support desk's, the report form's and the Digital Link's texts, and each of those alone
 * (scripts/vite/catalogueParts.ts).
 */
declare module '*.json?without=support,report,gs1' {
  const catalogue: Omit<typeof import('../locales/vi.json'), 'support' | 'report' | 'gs1'>;
  export default catalogue;
}
declare module '*.json?only=report' {
  const texts: Pick<typeof import('../locales/vi.json'), 'report'>;
  export default texts;
}
declare module '*.json?only=support' {
  const texts: Pick<typeof import('../locales/vi.json'), 'support'>;
  export default texts;
}

declare module '*.json?only=gs1' {
  const texts: Pick<typeof import('../locales/vi.json'), 'gs1'>;
  export default texts;
}
