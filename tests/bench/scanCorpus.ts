import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import sharp from 'sharp';
import type { RgbaImage } from '@/features/scanner/greyImage';

/** The shared corpus: real photos of QR codes, each `<set>/<name>.<ext>` beside `<name>.txt`. */
export const DEFAULT_SCAN_CORPUS = resolve(import.meta.dirname, '../../../shared/scan-corpus');

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif']);

export interface CorpusImage {
  /** `<set>/<file>`, for reports. */
  name: string;
  expected: string;
  pixels: RgbaImage;
}

/** Every image one folder down that has its expected text beside it, decoded to RGBA with sharp. */
export async function loadScanCorpus(dir: string): Promise<CorpusImage[]> {
  const images: CorpusImage[] = [];
  const sets = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  for (const set of sets.map((entry) => entry.name).sort()) {
    const files = (await readdir(join(dir, set))).sort();
    for (const file of files.filter((name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()))) {
      const textFile = join(dir, set, `${file.slice(0, -extname(file).length)}.txt`);
      const expected = await readFile(textFile, 'utf8').catch(() => null);
      if (expected === null) continue;
      const { data, info } = await sharp(join(dir, set, file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      images.push({ name: `${set}/${file}`, expected, pixels: { data, width: info.width, height: info.height } });
    }
  }
  return images;
}
