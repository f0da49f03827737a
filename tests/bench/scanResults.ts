import type { CorpusImage } from './scanCorpus';

export interface ScanScore {
  images: number;
  correct: number;
  wrong: string[];
  missed: string[];
  /** Milliseconds per image, the median of the timed passes. */
  times: number[];
}

/** Correct means byte-for-byte equal to the expected text, as in zxing's own tests. */
export function scoreDecoder(
  images: CorpusImage[],
  decode: (image: CorpusImage) => string | null,
  timedPasses: number,
): ScanScore {
  const score: ScanScore = { images: images.length, correct: 0, wrong: [], missed: [], times: [] };
  for (const image of images) {
    const text = decode(image); // untimed warm-up; also the answer that is scored
    const passes: number[] = [];
    for (let pass = 0; pass < timedPasses; pass++) {
      const start = performance.now();
      decode(image);
      passes.push(performance.now() - start);
    }
    score.times.push(percentile(passes, 50));
    if (text === image.expected) score.correct++;
    else if (text === null) score.missed.push(image.name);
    else score.wrong.push(image.name);
  }
  return score;
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function correctPercent(score: ScanScore): number {
  return score.images === 0 ? 0 : (100 * score.correct) / score.images;
}
