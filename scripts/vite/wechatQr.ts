import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * qr-decode-wechat (OpenCV 4.11's WeChat QR engine, MIT) ships one 6.9 MB script holding its WebAssembly
 * and its four model files as base64 strings. The page serves them as separate files instead: each
 * fetched only when a photo needs the engine, cached for good under its content hash, precompressed like
 * the other assets, and the script that runs them is 150 kB rather than 6.9 MB. This cuts that script into
 * those parts; the decode worker imports them as 'virtual:wechat-qr' (src/features/scanner/decode/wechatQr.d.ts).
 */
export const WECHAT_QR_MODULE = 'virtual:wechat-qr';

/** The model files by the names the engine's constructor reads them under. */
export const WECHAT_MODEL_FILES = {
  detect_prototxt: 'detect.prototxt',
  detect_caffemodel: 'detect.caffemodel',
  sr_prototxt: 'sr.prototxt',
  sr_caffemodel: 'sr.caffemodel',
} as const;

export interface WeChatQrParts {
  /** An ES module exporting createCv(wasmBytes): Promise<cv>, the package's OpenCV runtime. */
  glue: string;
  wasm: Buffer;
  models: Record<keyof typeof WECHAT_MODEL_FILES, Buffer>;
}

/** Each edit of the package's script, with what it must find exactly once (the package is pinned). */
const EDITS: [string, string][] = [
  // The WebAssembly comes as bytes the caller fetched, not from the base64 string.
  ['WebAssembly.instantiate($I(hB), A)', 'WebAssembly.instantiate(hB, A)'],
  // Never Node's branch (it reads __dirname, which an ES module lacks): the caller gives every byte.
  [
    '$ = typeof process == "object" && typeof process.versions == "object" && typeof process.versions.node == "string"',
    '$ = !1',
  ],
];

/** The package's script cut into its runtime, its WebAssembly and its models. */
export function wechatQrParts(): WeChatQrParts {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('qr-decode-wechat'));
  const entry = readFileSync(join(dist, 'main.es.js'), 'utf8');
  const chunk = /import\("\.\/(wasm-[\w-]+\.js)"\)/.exec(entry)?.[1];
  if (!chunk) throw new Error('qr-decode-wechat: its WebAssembly script was not found');
  const source = readFileSync(join(dist, chunk), 'utf8');

  const wasmBase64 = /^const hB = "([A-Za-z0-9+/=]+)"/.exec(source)?.[1];
  const start = source.indexOf(', JB = (() => {');
  const end = source.indexOf('})(), kB = Uint8Array.from(atob(');
  if (!wasmBase64 || start < 0 || end < start) throw new Error('qr-decode-wechat: unexpected script layout');
  let body = source.slice(start + ', JB = '.length, end + '})()'.length);
  for (const [from, to] of EDITS) {
    if (body.split(from).length !== 2) throw new Error(`qr-decode-wechat: expected one "${from}"`);
    body = body.replace(from, () => to);
  }
  // Node's modules are required only on Node's branch, now dead: out, so that no bundler looks for them.
  body = body.replace(/require\("node:\w+"\)/g, 'undefined');

  // The models follow the runtime as `name = Uint8Array.from(atob("…"), …)`, then `export { local as name, … }`.
  // (Searched from known anchors: a regular expression starting at every character of 7 MB takes seconds.)
  const blobs = new Map<string, Buffer>();
  const opening = ' = Uint8Array.from(atob("';
  for (let at = source.indexOf(opening, end); at >= 0; at = source.indexOf(opening, at + 1)) {
    const name = /(\w+)$/.exec(source.slice(at - 20, at))?.[1];
    const close = source.indexOf('"', at + opening.length);
    if (name) blobs.set(name, Buffer.from(source.slice(at + opening.length, close), 'base64'));
  }
  const exports = source.slice(source.lastIndexOf('export {'));
  const exported = new Map([...exports.matchAll(/(\w+) as (\w+)/g)].map(([, local, name]) => [name!, local!]));
  const model = (name: keyof typeof WECHAT_MODEL_FILES) => {
    const bytes = blobs.get(exported.get(name) ?? '');
    if (!bytes) throw new Error(`qr-decode-wechat: model ${name} not found`);
    return bytes;
  };

  return {
    glue: [
      '// OpenCV 4.11 with its wechat_qrcode module, from qr-decode-wechat 1.0.2 (MIT, github.com/Curtion/qr-decode-wechat),',
      '// its WebAssembly and models taken out (scripts/vite/wechatQr.ts).',
      '/* eslint-disable */',
      `export function createCv(hB) {\n  return ${body};\n}`,
      '',
    ].join('\n'),
    wasm: Buffer.from(wasmBase64, 'base64'),
    models: {
      detect_prototxt: model('detect_prototxt'),
      detect_caffemodel: model('detect_caffemodel'),
      sr_prototxt: model('sr_prototxt'),
      sr_caffemodel: model('sr_caffemodel'),
    },
  };
}

/** Writes the parts once into node_modules/.cache, atomically (builds of other checkouts may run at once). */
export function writeWechatQrParts(root: string): string {
  const dir = join(root, 'node_modules', '.cache', 'wechat-qr');
  mkdirSync(dir, { recursive: true });
  const parts = wechatQrParts();
  const files: [string, string | Buffer][] = [
    ['wechatQrRuntime.js', parts.glue],
    ['wechat_qr.wasm', parts.wasm],
    ...Object.entries(WECHAT_MODEL_FILES).map(([key, name]): [string, Buffer] => [
      `wechat_${name}`,
      parts.models[key as keyof typeof WECHAT_MODEL_FILES],
    ]),
  ];
  for (const [name, content] of files) {
    const temporary = join(dir, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, content);
    renameSync(temporary, join(dir, name));
  }
  return dir;
}

/**
 * 'virtual:wechat-qr': the runtime as code, the WebAssembly and the models as URLs of separate files that
 * Vite emits under assets/ with a content hash (the service caches them for a year, immutable).
 */
export function wechatQr(): Plugin {
  const resolved = `\0${WECHAT_QR_MODULE}`;
  let root = process.cwd();
  return {
    name: 'wechat-qr',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === WECHAT_QR_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const dir = writeWechatQrParts(root).replaceAll('\\', '/');
      const models = Object.entries(WECHAT_MODEL_FILES);
      return [
        `export { createCv } from '${dir}/wechatQrRuntime.js';`,
        `import wasm from '${dir}/wechat_qr.wasm?url';`,
        ...models.map(([key, name]) => `import ${key} from '${dir}/wechat_${name}?url';`),
        `export const wasmUrl = wasm;`,
        `export const modelUrls = { ${models.map(([key]) => key).join(', ')} };`,
      ].join('\n');
    },
  };
}
