// Node's ESM loader cannot see the named exports of @zxing/library's CommonJS build (they are
// defined through getters), so `import { QRCodeReader } from '@zxing/library'` fails under plain
// Node. This load hook serves that one package as ESM re-exporting every key of its CommonJS exports.
// Vite (browser build) and Vitest resolve the package's own ESM build and never need this.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ZXING_CJS = /[\\/]node_modules[\\/]@zxing[\\/][^\\/]+[\\/]cjs[\\/]index\.js$/;

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !ZXING_CJS.test(fileURLToPath(url))) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const names = Object.keys(createRequire(import.meta.url)(path)).filter((name) => name !== 'default');
  const source = [
    `import { createRequire } from 'node:module';`,
    `const lib = createRequire(${JSON.stringify(url)})(${JSON.stringify(path)});`,
    `export default lib;`,
    `export const { ${names.join(', ')} } = lib;`,
  ].join('\n');
  return { format: 'module', source, shortCircuit: true };
}
