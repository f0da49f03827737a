// Part of `npm run build`: puts the page's prerendered shell into the static build's index.html, so a
// static host (no server render) paints the layout, the title and the field at once instead of a blank
// page until the bundle has run. The template the service renders pages into is the build's own
// (scripts/vite/loadPath.ts), which this leaves as it is.
//
//   tsx scripts/prerenderShell.ts [--page dist] [--ssr dist-ssr]
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { RenderPage } from '../src/contract/traceContract.ts';
import { pageTemplate, fillPage } from '../server/routes/pageDocument.ts';

const { values } = parseArgs({
  options: { page: { type: 'string', default: 'dist' }, ssr: { type: 'string', default: 'dist-ssr' } },
});
const pageDir = resolve(values.page);
const ssrDir = resolve(values.ssr);

const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
  renderPage: RenderPage;
};
const indexPath = join(pageDir, 'index.html');
const unrendered = await readFile(indexPath, 'utf8');

// The lookup page with no code, in the default language; without its store state, so the bundle
// renders the page afresh (with the address's code and the visitor's language) instead of hydrating.
const shell = await renderPage({
  url: '/dt',
  answerTrace: () => Promise.reject(new Error('the shell has no code to look up')),
});
// The build's index.html has the service's template's slots (server/routes/pageDocument.ts): the shell
// fills them as the service fills a render's, by plain replaces, with no store state.
const { lang, title, description, head, body } = shell;
await writeFile(indexPath, fillPage(pageTemplate(unrendered, indexPath), { lang, title, description, head, body }));
console.log(`prerendered the shell into ${indexPath}`);
