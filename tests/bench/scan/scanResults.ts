import type { CorpusImage } from '../../support/scan/scanCorpus';
import { percentile } from '../../support/bench/percentile';
import type { BenchDecoder } from './scanEngines';

export type Outcome = 'correct' | 'wrong' | 'missed';

export interface ImageResult {
  name: string;
  category: string;
  outcome: Outcome;
  /** The median of the timed passes, in milliseconds. */
  ms: number;
  /** The page engine's attempt that read the image. */
  attempt?: string;
}

/**
 * Correct means byte-for-byte equal to the expected text, as in zxing's own tests. One untimed warm-up
 * call per image and decoder gives the scored answer, then the timed passes. The decoders take turns on
 * each image, pass by pass, so that a busy machine slows them alike and their times compare.
 */
export async function scoreDecoders(
  images: CorpusImage[],
  decoders: BenchDecoder[],
  timedPasses: number,
): Promise<ImageResult[][]> {
  const results: ImageResult[][] = decoders.map(() => []);
  const next = random(1);
  for (const image of images) {
    const answers = [];
    for (const decode of decoders) answers.push(await decode(image.pixels, image.native));
    const passes: number[][] = decoders.map(() => []);
    for (let pass = 0; pass < timedPasses; pass++) {
      // The decoders in a shuffled order each pass: the garbage one leaves is collected during the next
      // one's call, and a rotation would keep each decoder behind the same one (the first behind
      // @zxing/library's, the heaviest).
      for (const index of shuffled(decoders.length, next)) {
        const start = performance.now();
        await decoders[index]!(image.pixels, image.native);
        passes[index]!.push(performance.now() - start);
      }
    }
    for (const [index, { text, attempt }] of answers.entries()) {
      const outcome: Outcome = text === image.expected ? 'correct' : text === null ? 'missed' : 'wrong';
      results[index]!.push({
        name: image.name,
        category: image.category,
        outcome,
        ms: percentile(passes[index]!, 50),
        attempt: text === null ? undefined : attempt,
      });
    }
  }
  return results;
}

/** 0 to n - 1 in a random order (Fisher-Yates). */
function shuffled(n: number, next: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Mulberry32: the same orders on every run. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Summary {
  images: number;
  correct: number;
  wrong: number;
  medianMs: number;
  p95Ms: number;
}

export function summarize(results: ImageResult[]): Summary {
  const times = results.map((result) => result.ms);
  return {
    images: results.length,
    correct: results.filter((result) => result.outcome === 'correct').length,
    wrong: results.filter((result) => result.outcome === 'wrong').length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
  };
}

export function correctPercent({ images, correct }: { images: number; correct: number }): number {
  return images === 0 ? 0 : (100 * correct) / images;
}
