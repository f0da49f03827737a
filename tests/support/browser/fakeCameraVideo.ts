import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

export interface FakeVideoOptions {
  width?: number;
  height?: number;
  /** Chromium loops the file, so a few identical frames are enough. */
  frames?: number;
  fps?: number;
  /** Pixels per QR module. */
  moduleSize?: number;
}

// Y4M limits luma to 16..235 in the video range Chromium expects.
const BLACK = 16;
const WHITE = 235;

/**
 * Writes a .y4m video (4:2:0, grey) that shows a QR code of `text` centred on white: a file for
 * Chromium's --use-file-for-fake-video-capture. Pure Node; no ffmpeg needed.
 */
export async function writeQrVideo(
  path: string,
  text: string,
  { width = 640, height = 480, frames = 10, fps = 10, moduleSize }: FakeVideoOptions = {},
): Promise<void> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quietSide = modules.size + 8;
  const scale = moduleSize ?? Math.max(1, Math.floor((Math.min(width, height) * 0.8) / quietSide));
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);

  const luma = Buffer.alloc(width * height, WHITE);
  for (let my = 0; my < modules.size; my++) {
    for (let mx = 0; mx < modules.size; mx++) {
      if (!modules.get(my, mx)) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(
          BLACK,
          (top + my * scale + y) * width + left + mx * scale,
          (top + my * scale + y) * width + left + (mx + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  await writeFile(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** A PNG photo of a QR code of `text`, as a shopper would send. */
export async function writeQrPhoto(path: string, text: string): Promise<void> {
  await QRCode.toFile(path, text, { width: 480, margin: 4, errorCorrectionLevel: 'M' });
}
