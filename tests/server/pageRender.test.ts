import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TEMPLATE_FILE } from '../../src/contract/traceContract.ts';
import { INDEX_HTML, startTestServer, type TestServer } from '../support/server/harness.ts';

// The service's side of server rendering: it loads the page's render module, answers its lookups in
// process and puts the parts into index.html. The real page module is rendered in the e2e suite
// (serverRender.e2e.ts); these stand-ins show what the service does with what a module returns or throws.
// Every page build also says what a refusal says (src/ssr/entry-server.tsx, busyTexts).
const BUSY_TEXTS = `export const busyTexts = () => ({ lang: 'en', brand: 'Brand', primary: '#0b5cad', pageTitle: 'Busy', title: 'Busy', hint: 'Later', retry: 'Again' });`;
const ECHO_MODULE = `
export async function renderPage({ url, cookie, acceptLanguage, answerTrace }) {
  const qr = new URL(url, 'http://x').searchParams.get('qr');
  const answer = qr ? await answerTrace({ QrCode: qr }) : null;
  const missing = url.startsWith('/missing');
  return {
    status: missing ? 404 : 200,
    lang: 'en',
    title: 'QR code check – A & B <Dairy>',
    description: 'Look up "milk"',
    head: '<style data-emotion="css x">.x{}</style>',
    body: '<main>' + JSON.stringify({ url, cookie, acceptLanguage, answer }).replace(/</g, '\\\\u003c') + '</main>',
    state: '{"traceApi":{}}',
    alternate: qr === 'NO-COPY' ? undefined : {
      lang: 'vi',
      title: 'Kiểm tra mã QR – A & B <Sữa>',
      description: 'Tra cứu "sữa"',
      body: '<section>Bản tiếng Việt</section>',
    },
  };
}
${BUSY_TEXTS}`;
const THROWING_MODULE = `export async function renderPage() { throw new Error('render broke'); }\n${BUSY_TEXTS}`;

/**
 * For the enclosing describe: a test server whose render module is `source`, and whose built page has
 * `site`'s files where given; the getter gives it.
 */
function serverRenderingWith(source: string, site?: Record<string, string>): () => TestServer {
  let server: TestServer | undefined;
  let moduleDir = '';
  beforeAll(async () => {
    moduleDir = mkdtempSync(join(tmpdir(), 'trace-ssr-'));
    const path = join(moduleDir, 'entry-server.mjs');
    writeFileSync(path, source);
    const staticDir = join(moduleDir, 'dist');
    mkdirSync(staticDir);
    for (const [name, text] of Object.entries(site ?? {})) writeFileSync(join(staticDir, name), text);
    server = await startTestServer({ SSR_ENTRY: path, ...(site ? { STATIC_DIR: staticDir } : {}) });
  });
  afterAll(async () => {
    await server?.close();
    if (moduleDir) rmSync(moduleDir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('the test server has not started');
    return server;
  };
}

describe('pages rendered by the page module', () => {
  const server = serverRenderingWith(ECHO_MODULE);

  it('puts language, styles, body and state into index.html, with the page headers', async () => {
    const response = await fetch(`${server().url}/dt?qr=1D24B3261X54A2320`, {
      headers: { 'accept-language': 'en', cookie: 'a=b' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toContain('Accept-Language');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html lang="en"><head>/i);
    // The title and the description in the render's language, escaped as HTML text and attribute.
    expect(html).toContain(
      '<meta name="description" content="Look up &quot;milk&quot;" /><title>QR code check – A &amp; B &lt;Dairy&gt;</title>',
    );
    expect(html).toContain('<style data-emotion="css x">');
    expect(html).toContain('<script type="application/json" id="server-state">{"traceApi":{}}</script>');
    const echoed = JSON.parse(/<main>(.*)<\/main>/.exec(html)?.[1] ?? 'null');
    expect(echoed).toMatchObject({ url: '/dt?qr=1D24B3261X54A2320', cookie: 'a=b', acceptLanguage: 'en' });
    // The lookup is answered in process, as the API would answer it.
    expect(echoed.answer.status).toBe(200);
    expect(echoed.answer.body.Data.Products[0].Code).toBe('1D24B3261X54A2320');
  });

  it("carries the page in its button's other language, inert, with that language's head texts escaped", async () => {
    const html = await (await fetch(`${server().url}/dt?qr=1D24B3261X54A2320`)).text();
    expect(html).toContain(
      '<script type="application/json" id="server-state">{"traceApi":{}}</script>' +
        '<template id="page-alternate" lang="vi" data-title="Kiểm tra mã QR – A &amp; B &lt;Sữa&gt;" ' +
        'data-description="Tra cứu &quot;sữa&quot;"><section>Bản tiếng Việt</section></template>',
    );
    // A page with no copy (a language menu instead of a button) has no template.
    const single = await (await fetch(`${server().url}/dt?qr=NO-COPY`)).text();
    expect(single).toContain('"url":"/dt?qr=NO-COPY"');
    expect(single).not.toContain('<template');
  });

  it('answers an unknown code as the API does (204, no body)', async () => {
    const html = await (await fetch(`${server().url}/dt?qr=ZZ00000000000000Z`)).text();
    expect(JSON.parse(/<main>(.*)<\/main>/.exec(html)?.[1] ?? 'null').answer).toEqual({ status: 204 });
  });

  it("renders '/' and unknown paths too, with the module's status", async () => {
    expect((await fetch(`${server().url}/`)).status).toBe(200);
    const missing = await fetch(`${server().url}/missing/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<main>');
  });
});

describe("the build's two pages (scripts/vite/loadPath.ts)", () => {
  const loader =
    '<script defer src="/after-first-paint.js" data-modules="/assets/main-b2.js" data-preloads="/assets/earlyTrace-a1.js"></script>';
  const server = serverRenderingWith(ECHO_MODULE, {
    // The static shell: its early trace request and its prerendered field.
    'index.html': INDEX_HTML.replace(
      '<head>',
      '<head><script type="module" src="/assets/earlyTrace-a1.js" data-early-trace></script>',
    ).replace('<!--app-html-->', '<input id="qr-code">'),
    [PAGE_TEMPLATE_FILE]: INDEX_HTML.replace('</head>', `${loader}</head>`),
  });

  it('renders pages into the template the build wrote for the service, not into the static shell', async () => {
    const html = await (await fetch(`${server().url}/dt?qr=1D24B3261X54A2320`)).text();
    expect(html).toContain(loader);
    expect(html).toContain('<div id="root"><main>');
    expect(html).not.toContain('data-early-trace');
  });

  it('does not serve that template as a file of the site: its address is a page route like any unknown one', async () => {
    const html = await (await fetch(`${server().url}/${PAGE_TEMPLATE_FILE}`)).text();
    expect(JSON.parse(/<main>(.*)<\/main>/.exec(html)?.[1] ?? 'null')).toMatchObject({ url: `/${PAGE_TEMPLATE_FILE}` });
  });
});

describe('a render module that throws', () => {
  const server = serverRenderingWith(THROWING_MODULE);

  it('sends the page unrendered, so the browser renders it, and logs why', async () => {
    const response = await fetch(`${server().url}/dt?qr=1D24B3261X54A2320`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX_HTML);
    expect(server().logs.join('')).toContain('server render failed');
  });
});
