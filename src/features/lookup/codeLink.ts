/** The page's address for a code: what links to a carton or unit, recent lookups and shares point to. */
export function codeLink(code: string): string {
  return `/dt?${new URLSearchParams({ qr: code })}`;
}
