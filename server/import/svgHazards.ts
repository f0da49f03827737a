// An imported SVG is served from the page's own origin. The image route's CSP sandboxes it, but a
// browser or embedding that ignores the CSP would run whatever it holds, so the import refuses any
// SVG that could run a script or reach outside itself. It errs on the side of refusing: a product
// picture needs none of this. Every pattern is one linear pass over at most 1 MiB: each starts on a
// fixed text and repeats at most one character class, never a group (no catastrophic backtracking).

const element = (names: string) => new RegExp(`<(?:[\\w.-]+:)?(?:${names})\\b`, 'i');

/** What a browser could run or load, and how the refusal names it. */
const HAZARDS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: element('script'), what: 'a <script> element' },
  { pattern: element('foreignObject'), what: 'a <foreignObject> element' },
  { pattern: element('iframe|embed|object'), what: 'an embedded frame (<iframe>, <embed> or <object>)' },
  { pattern: /<!ENTITY/i, what: 'an entity declaration (<!ENTITY)' },
  { pattern: /<\?xml-stylesheet/i, what: 'a stylesheet instruction (<?xml-stylesheet)' },
  // After a space, a slash (HTML reads <svg/onload=>), a quote or a namespace prefix's colon.
  { pattern: /[\s/"':]on[a-z]+\s*=/i, what: 'an event attribute (on…=)' },
  // An animation can set a link or a handler whatever the element itself says.
  {
    pattern: /attributeName\s*=\s*["']\s*(?:[\w.-]+:)?(?:href|on[a-z]+)\b/i,
    what: 'an animated link or event attribute (attributeName)',
  },
];

const JAVASCRIPT_URL = /javascript:/i;
const HREF = /[\s:"']href\s*=\s*/gi;
const CHARACTER_REFERENCE = /&#(x[0-9a-f]+|[0-9]+);?/gi;
/** A URL parser drops these anywhere in a URL: `java&#9;script:` is a script URL. */
const URL_IGNORED = /[\t\n\r]/g;
const ENCODING = /^<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/;

/** Why the SVG in `text` is refused, naming the first hazard found; undefined for a plain drawing. */
export function svgHazard(text: string): string | undefined {
  // The scan reads the bytes as UTF-8; under another declared encoding a tag could hide from it
  // (ISO-2022-JP's escape sequences inside `<script` read as nothing in the browser).
  const encoding = ENCODING.exec(text.trimStart())?.[1];
  if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8')
    return `the encoding ${encoding} (only UTF-8 is accepted)`;
  // Attribute values are checked as the browser reads them: after their character references.
  const decoded = text.replace(CHARACTER_REFERENCE, (reference, digits: string) => {
    const code = digits[0] === 'x' || digits[0] === 'X' ? parseInt(digits.slice(1), 16) : parseInt(digits, 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
  for (const { pattern, what } of HAZARDS) if (pattern.test(decoded)) return what;
  if (JAVASCRIPT_URL.test(decoded.replace(URL_IGNORED, ''))) return 'a javascript: URL';
  HREF.lastIndex = 0;
  for (let found = HREF.exec(decoded); found !== null; found = HREF.exec(decoded)) {
    const first = decoded.charAt(HREF.lastIndex);
    const target = first === '"' || first === "'" ? decoded.charAt(HREF.lastIndex + 1) : first;
    if (target !== '#') return 'a link outside the picture (an href not starting with #)';
  }
  return undefined;
}
