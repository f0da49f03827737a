import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { MAX_PHOTO_SIDE_PX, type RgbaImage } from '@/features/scanner/decode/decodedCode';

/** The full sets in ../shared, each `<set>/<category>/<name>.<ext>` beside `<name>.txt`. */
export const SHARED_SCAN_SETS = ['scan-corpus', 'scan-photos', 'scan-frames'].map((set) =>
  resolve(import.meta.dirname, '../../../../shared', set),
);

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif']);

export interface CorpusImage {
  /** `<category>/<file>`, for reports. */
  name: string;
  /** The folder the image sits in: a category of the set (blur, glare, …). */
  category: string;
  expected: string;
  /** As the page's photo path sees the file: EXIF orientation applied, fitted inside MAX_PHOTO_SIDE_PX. */
  pixels: RgbaImage;
}

/** Every image one folder down that has its expected text beside it, decoded to RGBA with sharp. */
export async function loadScanCorpus(dir: string): Promise<CorpusImage[]> {
  const images: CorpusImage[] = [];
  const categories = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  for (const category of categories.map((entry) => entry.name).sort()) {
    const files = (await readdir(join(dir, category))).sort();
    for (const file of files.filter((name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()))) {
      const expected = await readFile(join(dir, category, `${basename(file, extname(file))}.txt`), 'utf8').catch(
        () => null,
      );
      if (expected === null) continue;
      const { data, info } = await sharp(join(dir, category, file))
        .rotate()
        .resize(MAX_PHOTO_SIDE_PX, MAX_PHOTO_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      images.push({
        name: `${category}/${file}`,
        category,
        expected,
        pixels: { data, width: info.width, height: info.height },
      });
    }
  }
  return images;
}
