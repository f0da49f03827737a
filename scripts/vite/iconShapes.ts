import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

const SUFFIX = '?shape';
const PREFIX = '\0icon-shape/';
const CREATE_SVG_ICON = 'import createSvgIcon from "./utils/createSvgIcon.mjs";';

/**
 * `import shape from '@mui/icons-material/<Name>?shape'`: the icon's SVG elements alone, without the
 * SvgIcon component its module wraps them in (src/shared/ui/Icon.tsx draws them). The first view's icons
 * then need none of MUI's styling at run time; the shapes still come from the icon set, not copied.
 * The icon's own module, with createSvgIcon taken out: what it passed to it is what it exports.
 */
export function iconShapes(): Plugin {
  return {
    name: 'icon-shapes',
    enforce: 'pre',
    resolveId(source) {
      if (!source.startsWith('@mui/icons-material/') || !source.endsWith(SUFFIX)) return null;
      return `${PREFIX}${source.slice(0, -SUFFIX.length)}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      // The package's CommonJS file, beside which it keeps the ES module read here.
      const file = require.resolve(id.slice(PREFIX.length)).replace(/\.js$/, '.mjs');
      const source = await readFile(file, 'utf8');
      if (!source.includes(CREATE_SVG_ICON)) throw new Error(`${file} does not make its icon with createSvgIcon`);
      return source.replace('"use client";', '').replace(CREATE_SVG_ICON, 'const createSvgIcon = (shape) => shape;');
    },
  };
}
