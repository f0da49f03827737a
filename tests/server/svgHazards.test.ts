import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { svgHazard } from '../../server/import/svgHazards.ts';

// The import's check of an SVG before it is stored and served from the page's origin: what it finds
// however the SVG spells it, what it lets through, and that a hostile 1 MiB file costs one pass.

const svg = (body: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${body}</svg>`;
const SEED_IMAGES = new URL('../../server/seed/images/', import.meta.url);

describe('svgHazard (what the import refuses in an SVG)', () => {
  it.each([
    ['a script element', svg('<script>alert(1)</script>'), 'a <script> element'],
    ['a script element in another case', svg('<SCRIPT>alert(1)</SCRIPT>'), 'a <script> element'],
    [
      'a script element under a namespace prefix',
      `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>`,
      'a <script> element',
    ],
    ['an event attribute', svg('<rect onmouseover="alert(1)"/>'), 'an event attribute (on…=)'],
    ['an event attribute after a slash', '<svg/onload=alert(1)>', 'an event attribute (on…=)'],
    [
      'an event attribute right after a quoted value',
      svg('<rect x="1"onclick="alert(1)"/>'),
      'an event attribute (on…=)',
    ],
    ['a foreignObject element', svg('<foreignObject/>'), 'a <foreignObject> element'],
    ['an iframe', svg('<iframe/>'), 'an embedded frame (<iframe>, <embed> or <object>)'],
    ['an embed', svg('<embed/>'), 'an embedded frame (<iframe>, <embed> or <object>)'],
    ['an object', svg('<object/>'), 'an embedded frame (<iframe>, <embed> or <object>)'],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('&x;')}`, 'an entity declaration (<!ENTITY)'],
    [
      'a stylesheet instruction',
      `<?xml-stylesheet type="text/xsl" href="#x"?>${svg('')}`,
      'a stylesheet instruction (<?xml-stylesheet)',
    ],
    ['a javascript: URL', svg('<set to="javascript:alert(1)"/>'), 'a javascript: URL'],
    [
      'a javascript: URL spelt with character references',
      svg('<set to="&#106;ava&#x73;cript&#0000058;alert(1)"/>'),
      'a javascript: URL',
    ],
    [
      'a javascript: URL cut by a tab and a newline',
      svg('<set to="java&#9;scr&#10;ipt:alert(1)"/>'),
      'a javascript: URL',
    ],
    [
      'an animated link',
      svg('<a href="#c"><set attributeName="xlink:href" to="&#0;"/></a>'),
      'an animated link or event attribute (attributeName)',
    ],
    [
      'an animated event attribute',
      svg('<set attributeName=\'onclick\' to="x"/>'),
      'an animated link or event attribute (attributeName)',
    ],
    [
      'an external href',
      svg('<image href="https://tracker.example/p.png"/>'),
      'a link outside the picture (an href not starting with #)',
    ],
    [
      'an external xlink:href',
      svg('<use xlink:href="/other.svg#a"/>'),
      'a link outside the picture (an href not starting with #)',
    ],
    ['an unquoted href', svg('<use href=data:x/>'), 'a link outside the picture (an href not starting with #)'],
    [
      'an href whose # is a character reference only in name',
      svg('<use href="&amp;#35;a"/>'),
      'a link outside the picture (an href not starting with #)',
    ],
    [
      'a data: href',
      svg('<image href="data:image/svg+xml,x"/>'),
      'a link outside the picture (an href not starting with #)',
    ],
    [
      'another encoding than UTF-8',
      `<?xml version="1.0" encoding="ISO-2022-JP"?>${svg('')}`,
      'the encoding ISO-2022-JP (only UTF-8 is accepted)',
    ],
  ])('finds %s', (_name, text, what) => {
    expect(svgHazard(text)).toBe(what);
  });

  it('lets a drawing through that links only inside itself, declared UTF-8 or not', () => {
    const drawing =
      '<defs><circle id="c" r="4"/></defs><use href="#c"/><use xlink:href = \'#c\'/><text>Sữa, one litre: &#8220;on sale&#8221;</text>';
    expect(svgHazard(svg(drawing, ' xmlns:xlink="http://www.w3.org/1999/xlink"'))).toBeUndefined();
    expect(svgHazard(`\uFEFF<?xml version='1.0' encoding='utf-8'?>\n${svg(drawing)}`)).toBeUndefined();
  });

  it('lets the demo pictures through', () => {
    const files = readdirSync(SEED_IMAGES).filter((name) => name.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(svgHazard(readFileSync(new URL(file, SEED_IMAGES), 'utf8')), file).toBeUndefined();
  });

  it('reads a hostile 1 MiB file in one pass', () => {
    const size = 1 << 20;
    const hostile = [
      ' on'.padEnd(size, 'a'),
      '<'.padEnd(size, 'a'),
      '&#'.padEnd(size, '1'),
      '&#x'.padEnd(size, 'f'),
      ' href'.padEnd(size, ' '),
      'attributeName'.padEnd(size, ' '),
      '<?xml '.padEnd(size, ' '),
      ' on='.repeat(size / 4),
      '<a:'.repeat(size / 3),
      ' onx '.repeat(size / 5),
    ];
    const started = performance.now();
    for (const text of hostile) svgHazard(svg(text));
    // A backtracking pattern takes minutes on one of these; one pass over all of them, well under a second.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
