// A set of trace codes photographed at steep angles, drawn by the bench itself (the sets in ../shared hold
// few: their tilt frames turn at most about 40 degrees, and all of them read).
import type { CorpusImage } from '../../support/scan/scanCorpus';
import { random } from './scanResults';
import { tiltedCode } from '../../support/scan/tiltedCode';
import { toRgba } from '@/features/scanner/decode/greyImage';

/**
 * `count` photos (1280x960) of a trace code turned 45 to 70 degrees away and up to 35 to the side, any way
 * round, from 1.5 to 3.5 code widths away (the nearer, the stronger the perspective), 250 to 500 pixels
 * wide were it seen square on, with sensor noise (±6 grey levels). Categories by how far it is turned.
 */
export function tiltedSet(count: number): CorpusImage[] {
  const next = random(40);
  const between = (low: number, high: number) => low + (high - low) * next();
  return Array.from({ length: count }, (_, index) => {
    const tilt = between(45, 70);
    const code = `1D24B${String(index).padStart(4, '0')}X54A232`;
    const expected = `https://trace.example/dt?qr=${code}`;
    const pose = { tilt, yaw: between(-35, 35), roll: between(0, 360), near: between(1.5, 3.5) };
    const { image } = tiltedCode(expected, pose, { width: 1280, height: 960, codePx: between(250, 500) });
    for (let i = 0; i < image.data.length; i++) image.data[i] += Math.round(between(-6, 6));
    return {
      name: `${tilt.toFixed(0)}°/${index}`,
      category: tilt < 55 ? '45-55°' : tilt < 62 ? '55-62°' : '62-70°',
      expected,
      pixels: toRgba(image),
    };
  });
}
