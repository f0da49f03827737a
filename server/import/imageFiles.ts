import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
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
    let body: Buffer;
    try {
      const read = readSmallFile(resolve(this.folder, file));
      if (read === 'not a file') return { problem: `productImage '${file}' is not a file` };
      if (read === 'too large') return { problem: `productImage '${file}' is larger than ${IMAGE_MAX_BYTES >> 10} KiB` };
      body = read;
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

/**
 * A regular file's bytes, read through one descriptor and never past the limit: a device (/dev/zero)
 * or a pipe would otherwise be read for ever (opened without blocking, and refused), and a file that
 * grows after its size was read would be read whole.
 */
function readSmallFile(path: string): Buffer | 'not a file' | 'too large' {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return 'not a file';
    // One byte more than the file should hold, to see it is too large without reading on.
    const buffer = Buffer.alloc(Math.min(stats.size, IMAGE_MAX_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return length > IMAGE_MAX_BYTES ? 'too large' : buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
