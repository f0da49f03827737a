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
import { escapeHtml } from '../src/contract/htmlEscape.ts';
import type { RenderPage } from '../src/contract/traceContract.ts';

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
const ROOT = '<div id="root"></div>';
if (!unrendered.includes(ROOT) || !unrendered.includes('</head>'))
  throw new Error(`${indexPath} lacks ${ROOT} or </head>`);
await writeFile(
  indexPath,
  unrendered
    .replace(/<html lang="[^"]*"/, `<html lang="${shell.lang}"`)
    // The default language's title and description, from its catalogue (as the server render writes them).
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(shell.title)}</title>`)
    .replace(
      /(<meta name="description" content=")[^"]*"/,
      (_match, start: string) => `${start}${escapeHtml(shell.description)}"`,
    )
    .replace('</head>', `${shell.head}</head>`)
    .replace(ROOT, `<div id="root">${shell.body}</div>`),
);
console.log(`prerendered the shell into ${indexPath}`);
