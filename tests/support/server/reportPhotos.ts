import sharp from 'sharp';

/** Photos as a shopper's page would send them (re-encoded, no metadata), and as it never would. */
export async function reportPhotos() {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
  // What a phone's camera writes: its make and where the photo was taken.
  const withGps = await sharp(jpeg)
    .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 46/1 0/1' } })
    .jpeg()
    .toBuffer();
  const png = await sharp(jpeg).png().toBuffer();
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const url = (type: string, body: Buffer) => `data:${type};base64,${body.toString('base64')}`;
  return {
    jpeg,
    jpegUrl: url('image/jpeg', jpeg),
    pngUrl: url('image/png', png),
    gpsUrl: url('image/jpeg', withGps),
    svgUrl: url('image/svg+xml', svg),
    /** An SVG that says it is a PNG: its bytes say otherwise. */
    svgAsPngUrl: url('image/png', svg),
  };
}
