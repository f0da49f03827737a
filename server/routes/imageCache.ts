import type { StoredImage } from '../domain/productImage.ts';

/**
 * Picture bodies kept in memory, at most `maxBytes` of them, the least recently read dropped first.
 * A name is its content's hash, so an entry is never stale and nothing is ever invalidated. A picture
 * larger than the whole bound is not kept.
 */
export class ImageCache {
  private readonly images = new Map<string, StoredImage>();
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes of the bodies held now. */
  get bytes(): number {
    return this.held;
  }

  get(name: string): StoredImage | undefined {
    const image = this.images.get(name);
    if (image === undefined) return undefined;
    // Deleted and set again, so the Map's order stays least recently read first.
    this.images.delete(name);
    this.images.set(name, image);
    return image;
  }

  add(image: StoredImage): void {
    const size = image.body.byteLength;
    if (size > this.maxBytes || this.images.has(image.name)) return;
    for (const [name, oldest] of this.images) {
      if (this.held + size <= this.maxBytes) break;
      this.images.delete(name);
      this.held -= oldest.body.byteLength;
    }
    this.images.set(image.name, image);
    this.held += size;
  }
}
