import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '@/features/scanner/decodeImage';
import type { RgbaImage } from '@/features/scanner/greyImage';
import { DEFAULT_SCAN_CORPUS, loadScanCorpus } from '../../bench/scanCorpus';
import { correctPercent, scoreDecoder } from '../../bench/scanResults';

const TRACE_URL = 'https://trace.example/dt?qr=1D24B3261X54A2320';

/** A QR code drawn as RGBA, dark modules on white with a quiet zone, `scale` pixels per module. */
function qrPixels(text: string, scale = 6, mirror = false): RgbaImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const inside = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size;
      if (inside && modules.get(my, mirror ? modules.size - 1 - mx : mx)) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { data, width: side, height: side };
}

describe('decodeImage', () => {
  it('reads the text of a QR code', () => {
    expect(decodeImage(qrPixels(TRACE_URL), 'frame')).toBe(TRACE_URL);
  });

  it('reads a mirrored QR code, as seen through a front camera', () => {
    expect(decodeImage(qrPixels(TRACE_URL, 6, true), 'frame')).toBe(TRACE_URL);
  });

  it('returns null for a blank frame', () => {
    const blank = { data: new Uint8ClampedArray(320 * 240 * 4).fill(200), width: 320, height: 240 };
    expect(decodeImage(blank, 'frame')).toBeNull();
    expect(decodeImage(blank, 'photo')).toBeNull();
  });

  it('decodes at least 90 % of the shared scan corpus, with no wrong text', async () => {
    const images = await loadScanCorpus(DEFAULT_SCAN_CORPUS);
    expect(images.length).toBeGreaterThan(100);
    const score = scoreDecoder(images, ({ pixels }) => decodeImage(pixels, 'photo'), 0);
    expect(score.wrong).toEqual([]);
    expect(correctPercent(score)).toBeGreaterThanOrEqual(90);
  }, 60_000);
});
