import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageTemplate, fillPage, PAGE_SLOTS } from '../../server/routes/pageDocument.ts';
import { REPO_ROOT } from '../support/system/childProcess.ts';

// index.html's slots, filled by the service (a render) and by the build's prerender (the static shell)
// with plain replaces, as in Vite's SSR template.
const TEMPLATE_HTML =
  '<!doctype html><html lang="vi"><head><meta charset="UTF-8" /><!--app-head--><script>loader()</script></head>' +
  '<body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

const TEMPLATE = pageTemplate(TEMPLATE_HTML, 'a page');

const PARTS = {
  lang: 'en',
  title: 'QR code check – A & B <Dairy>',
  description: 'Look up "milk"',
  head: '<style data-emotion="css x">.x{}</style>',
  body: '<main>Price $& 5 <!--app-state--> $1</main>',
};

describe("index.html's slots", () => {
  it('are each in the page once, where the service and the prerender put their parts', () => {
    const html = readFileSync(join(REPO_ROOT, 'index.html'), 'utf8');
    expect(pageTemplate(html, 'index.html').join('')).toBe(
      Object.values(PAGE_SLOTS).reduce((rest, slot) => rest.replace(slot, ''), html),
    );
    expect(html).toContain(`<div id="root">${PAGE_SLOTS.root}</div>`);
    expect(html.indexOf(PAGE_SLOTS.head)).toBeLessThan(html.indexOf('</head>'));
  });

  it("take a render's language, head texts (escaped), styles, page, state and copy in the other language", () => {
    const html = fillPage(TEMPLATE, {
      ...PARTS,
      state: '{"traceApi":{}}',
      alternate: { lang: 'vi', title: 'Kiểm tra <Sữa>', description: 'Tra "sữa"', body: '<section>vi</section>' },
    });
    expect(html).toBe(
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
        '<meta name="description" content="Look up &quot;milk&quot;" /><title>QR code check – A &amp; B &lt;Dairy&gt;</title>' +
        '<style data-emotion="css x">.x{}</style><script>loader()</script></head><body><div id="root">' +
        '<main>Price $& 5 <!--app-state--> $1</main></div>' +
        '<script type="application/json" id="server-state">{"traceApi":{}}</script>' +
        '<template id="page-alternate" lang="vi" data-title="Kiểm tra &lt;Sữa&gt;" data-description="Tra &quot;sữa&quot;">' +
        '<section>vi</section></template></body></html>',
    );
  });

  it('take the static shell without state: its state slot is left empty', () => {
    const html = fillPage(TEMPLATE, PARTS);
    expect(html).toContain('</div></body>');
    expect(html).not.toContain('server-state');
  });

  it('must each be in the template exactly once and in their order, or the service does not start', () => {
    const rootFirst = TEMPLATE_HTML.replace(PAGE_SLOTS.root, '').replace(
      PAGE_SLOTS.head,
      `${PAGE_SLOTS.root}${PAGE_SLOTS.head}`,
    );
    expect(() => pageTemplate(rootFirst, 'a page')).toThrow('<!--app-html-->');
    expect(() => pageTemplate(TEMPLATE_HTML.replace(PAGE_SLOTS.state, ''), 'a page')).toThrow(
      'a page must hold <!--app-state--> exactly once, after the slots before it',
    );
    expect(() => pageTemplate(TEMPLATE_HTML.replace(PAGE_SLOTS.head, PAGE_SLOTS.head.repeat(2)), 'a page')).toThrow(
      'a page must hold <!--app-head--> exactly once, after the slots before it',
    );
    expect(() => pageTemplate(TEMPLATE_HTML.replace('lang="vi"', 'lang="en"'), 'a page')).toThrow('<html lang="vi">');
  });
});
