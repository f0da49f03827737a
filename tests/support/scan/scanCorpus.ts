import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { MAX_PHOTO_SIDE_PX, type RgbaImage } from '@/features/scanner/decode/decodedCode';
import { scaled, toGrey, toRgba } from '@/features/scanner/decode/greyImage';
import { regionSize, type NativePhoto } from '@/features/scanner/decode/nativePhoto';

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
  /** The photo as taken, when larger than `pixels`: what the decode worker keeps for a closer look. */
  native?: NativePhoto;
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
      const whole = await sharp(join(dir, category, file))
        .rotate()
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      images.push({
        name: `${category}/${file}`,
        category,
        expected,
        pixels: { data, width: info.width, height: info.height },
        native:
          whole.info.width > info.width
            ? nativeOf({ data: whole.data, width: whole.info.width, height: whole.info.height })
            : undefined,
      });
    }
  }
  return images;
}

/** The worker's nativePhoto (photoPixels.ts) over pixels in memory: a region at its own size, at most MAX_NATIVE_SIDE_PX. */
function nativeOf(photo: RgbaImage): NativePhoto {
  return {
    width: photo.width,
    height: photo.height,
    region: (box) => {
      const crop = toGrey(photo, box);
      const factor = regionSize(box).width / crop.width;
      return toRgba(factor < 1 ? scaled(crop, factor) : crop);
    },
  };
}
