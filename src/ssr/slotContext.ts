/**
 * Attributes a browser reads as a URL: a text filled in there could change where a link or an image
 * points, which a check render with one stand-in value cannot vouch for.
 */
const URL_ATTRIBUTES = new Set([
  'action',
  'background',
  'cite',
  'data',
  'formaction',
  'href',
  'manifest',
  'ping',
  'poster',
  'src',
  'srcset',
  'xlink:href',
]);

function insideElement(html: string, at: number, name: string): boolean {
  const open = html.lastIndexOf(`<${name}`, at);
  return open >= 0 && html.lastIndexOf(`</${name}`, at) < open;
}

/**
 * The attribute whose value the text at `at` is in, with whether the value starts there; null in text.
 * React writes every attribute value in double quotes and escapes '<' and '>' in text and attributes
 * alike, so outside <style> and <script> those two only delimit tags.
 */
function attributeAt(html: string, at: number): { name: string; atStart: boolean } | null {
  const tagStart = html.lastIndexOf('<', at);
  if (tagStart < 0 || html.lastIndexOf('>', at) > tagStart) return null;
  const match = /([^\s"'=<>/]+)="([^"]*)$/.exec(html.slice(tagStart, at));
  return match ? { name: match[1].toLowerCase(), atStart: match[2] === '' } : null;
}

/** The shortest value a slot holds. */
const MIN_SLOT_LENGTH = 6;

/**
 * Whether every place `escaped` (the value `value` as React writes it) occurs in `html` may become a
 * slot. Never inside <style> or <script>: CSS and code are not text, and a value there is far more
 * likely a coincidence than the value shown. Inside a URL attribute only a value of ASCII letters and
 * digits alone that does not start the URL (a code in '/dt?qr=…'): a fill of the same shape (the key
 * holds it) then cannot bring a scheme, a host or a path of its own.
 */
export function mayCutEverywhere(html: string, escaped: string, value: string): boolean {
  // A short value is found all over a page (one letter: thousands of times, each searched back to its tag):
  // no real code is that short, so such a page is rendered every time rather than learned.
  if (value.length < MIN_SLOT_LENGTH) return false;
  const plain = /^[A-Za-z0-9]+$/.test(value);
  for (let at = html.indexOf(escaped); at >= 0; at = html.indexOf(escaped, at + 1)) {
    if (insideElement(html, at, 'style') || insideElement(html, at, 'script')) return false;
    const attribute = attributeAt(html, at);
    if (attribute && URL_ATTRIBUTES.has(attribute.name) && (!plain || attribute.atStart)) return false;
  }
  return true;
}
