import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { IMAGE_MAX_BYTES, storedImage, type StoredImage } from '../domain/productImage.ts';

/** All the pictures of one import together: they wait in memory until the import writes them. */
export const IMPORT_IMAGES_MAX_BYTES = 64 << 20;

/**
 * The product pictures an import names by file, read from beside the import file. Each distinct
 * file is read once (the row checks cache their outcome) and each distinct picture kept once.
 */
export class ImageFiles {
  readonly stored: StoredImage[] = [];
  private readonly names = new Set<string>();
  private bytes = 0;

  constructor(private readonly folder: string) {}

  /** The stored name of the picture in `file`, or why it cannot be one. */
  read(file: string): { name: string } | { problem: string } {
    const path = resolve(this.folder, file);
    let body: Buffer;
    try {
      if (statSync(path).size > IMAGE_MAX_BYTES) return { problem: `productImage '${file}' is larger than ${IMAGE_MAX_BYTES >> 10} KiB` };
      body = readFileSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return { problem: `productImage '${file}' cannot be read beside the import file (${code})` };
    }
    const image = storedImage(body);
    if (image === undefined) return { problem: `productImage '${file}' is not a PNG, JPEG, WebP or SVG image` };
    if (!this.names.has(image.name)) {
      if (this.bytes + body.length > IMPORT_IMAGES_MAX_BYTES) {
        return { problem: `productImage '${file}': the import's pictures together exceed ${IMPORT_IMAGES_MAX_BYTES >> 20} MiB` };
      }
      this.names.add(image.name);
      this.stored.push(image);
      this.bytes += body.length;
    }
    return { name: image.name };
  }
}
