import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, sep } from 'node:path';
import { IMAGE_MAX_BYTES, storedImage, type StoredImage } from '../domain/productImage.ts';
import { svgHazard } from './svgHazards.ts';

/** All the pictures of one import together: they wait in memory until the import writes them. */
export const IMPORT_IMAGES_MAX_BYTES = 64 << 20;

/** Where the final link of a path is not followed (it is resolved first); not every platform has it. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * The product pictures an import names by file, read from the import file's folder and nowhere else:
 * the file may come from a supplier or an ERP, and whatever it names is published at a public URL.
 * Each distinct file is read once (the row checks cache their outcome) and each distinct picture kept
 * once. A link inside the folder may name a picture elsewhere in the folder, never outside it.
 */
export class ImageFiles {
  readonly stored: StoredImage[] = [];
  private readonly names = new Set<string>();
  private bytes = 0;
  private realFolder: string | undefined;

  constructor(private readonly folder: string) {}

  /** The stored name of the picture in `file`, or why it cannot be one. */
  read(file: string): { name: string } | { problem: string } {
    const path = this.inside(file);
    // One answer for every path outside, there or not, readable or not: nothing to learn about other folders.
    if (path === undefined) return { problem: `productImage '${file}' must be a file inside the import file's folder` };
    let body: Buffer;
    try {
      const read = readSmallFile(path);
      if (read === 'not a file') return { problem: `productImage '${file}' is not a file` };
      if (read === 'too large')
        return { problem: `productImage '${file}' is larger than ${IMAGE_MAX_BYTES >> 10} KiB` };
      body = read;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return { problem: `productImage '${file}' cannot be read beside the import file (${code})` };
    }
    const image = storedImage(body);
    if (image === undefined) return { problem: `productImage '${file}' is not a PNG, JPEG, WebP or SVG image` };
    const hazard = image.contentType === 'image/svg+xml' ? svgHazard(body.toString('utf8')) : undefined;
    if (hazard !== undefined) {
      return {
        problem: `productImage '${file}' is an SVG with ${hazard}: a picture may not run a script or load anything`,
      };
    }
    if (!this.names.has(image.name)) {
      if (this.bytes + body.length > IMPORT_IMAGES_MAX_BYTES) {
        return {
          problem: `productImage '${file}': the import's pictures together exceed ${IMPORT_IMAGES_MAX_BYTES >> 20} MiB`,
        };
      }
      this.names.add(image.name);
      this.stored.push(image);
      this.bytes += body.length;
    }
    return { name: image.name };
  }

  /** The real path `file` names when it lies inside the import file's folder, links resolved; else undefined. */
  private inside(file: string): string | undefined {
    if (isAbsolute(file) || file.includes('\\') || file.includes('\0') || file.split('/').includes('..'))
      return undefined;
    this.realFolder ??= realpathSync(this.folder);
    const prefix = this.realFolder.endsWith(sep) ? this.realFolder : this.realFolder + sep;
    const real = realLocation(join(this.realFolder, file));
    return real?.startsWith(prefix) ? real : undefined;
  }
}

/**
 * Where `path` really leads: the real path of its deepest part that exists, with the rest appended,
 * so a missing file under a link to another folder is judged outside, like an existing one. A link
 * whose target is missing leads nowhere known (undefined): following it further would tell whether
 * something exists outside.
 */
function realLocation(path: string): string | undefined {
  let rest = '';
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), rest);
    } catch {
      if (isLink(at) || dirname(at) === at) return undefined;
      rest = join(basename(at), rest);
    }
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * A regular file's bytes, read through one descriptor and never past the limit: a device (/dev/zero)
 * or a pipe would otherwise be read for ever (opened without blocking, and refused), and a file that
 * grows after its size was read would be read whole.
 */
function readSmallFile(path: string): Buffer | 'not a file' | 'too large' {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | NO_FOLLOW);
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
