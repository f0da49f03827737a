import type { DecodedCode } from './decodedCode';
import { flattenOnFittedGrid } from './fittedGrid';
import { drawFlat, squareToQuad } from './flatCode';
import type { GreyImage } from './greyImage';
import { codesInPerspective } from './perspectiveCode';
import { readFlattenedQr, type ReadBarcodes } from './wasmDecode';

/**
 * A photo's codes seen at a steep angle, read from their finder squares (perspectiveCode.ts): each code
 * located that way is flattened on the plane its squares fit, then, if that misreads, on the page's fitted
 * grid starting from that plane; every read goes through the reader's error correction. At most four
 * codes located, two reads each: bounded whatever the photo holds. Measured (CPU time, on a machine at
 * load average 15): the search about 20-40 ms on a 1280x720 photo, the whole step 60-120 ms on the one
 * in the shared sets that nothing reads (scan-frames glare/0078); WeChat after it costs several times that.
 */
export async function readInPerspective(read: ReadBarcodes, grey: GreyImage): Promise<DecodedCode[]> {
  for (const { quad, modules } of codesInPerspective(grey)) {
    const plane = squareToQuad(quad);
    if (!plane) continue;
    const flat = await readFlattenedQr(read, drawFlat(grey, modules, plane)).catch(() => []);
    if (flat.length > 0) return flat;
    const bent = flattenOnFittedGrid(grey, quad, modules);
    const fitted = bent ? await readFlattenedQr(read, bent).catch(() => []) : [];
    if (fitted.length > 0) return fitted;
  }
  return [];
}
