import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { REPORT_ERRORS, REPORT_PHOTO_MAX_BYTES } from '../../src/contract/reports.ts';
import { checkPhoto } from '../../server/reports/reportPhoto.ts';

// A report's photo is refused while it still carries EXIF or XMP (where a phone writes GPS), in each of the three
// formats the page may send; the same photo re-encoded without them is taken.

const GPS = { IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 46/1 0/1' } };
const url = (type: string, body: Buffer) => `data:${type};base64,${body.toString('base64')}`;

describe('checkPhoto', () => {
  it.each([
    ['image/jpeg', (image: Sharp) => image.jpeg()],
    ['image/png', (image: Sharp) => image.png()],
    ['image/webp', (image: Sharp) => image.webp()],
  ] as const)('takes a clean %s and refuses one with EXIF GPS', async (type, encode) => {
    const base = () => sharp({ create: { width: 32, height: 24, channels: 3, background: '#246' } });
    const clean = await encode(base()).toBuffer();
    const withGps = await encode(base().withExif(GPS)).toBuffer();
    expect(checkPhoto(url(type, clean))).toEqual({ type, body: clean });
    expect(checkPhoto(url(type, withGps))).toEqual({ problem: REPORT_ERRORS.photoMetadata });
  });

  it('refuses a photo whose bytes are not what it claims, or not base64, or too big', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(checkPhoto(url('image/jpeg', png))).toEqual({ problem: REPORT_ERRORS.photoContent });
    expect(checkPhoto('data:image/png;base64,iVBOR w0KGgo=')).toEqual({ problem: REPORT_ERRORS.photoType });
    expect(checkPhoto(url('image/png', Buffer.alloc(REPORT_PHOTO_MAX_BYTES + 1)))).toEqual({
      problem: REPORT_ERRORS.photoTooBig,
    });
  });
});
