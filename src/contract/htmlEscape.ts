/**
 * Text and attribute values escaped exactly as React escapes them (react-dom's escapeTextForBrowser),
 * so a value the service or a build script writes into the page reads the same as one React rendered,
 * and the render cache finds a value in React's markup by escaping it. The one copy for the page, the
 * service and the build scripts.
 */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

export function escapeHtml(value: string): string {
  return value.replace(/["&'<>]/g, (char) => ESCAPES[char] ?? char);
}
