import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** Debian's Chromium; Playwright's own browser downloads are not used. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BASE_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface CameraSetup {
  /**
   * 'file': a fake camera showing `videoFile` (.y4m or .mjpeg, looped);
   * 'pattern': a fake camera showing Chromium's built-in test pattern (no code in it);
   * 'none': no camera at all.
   */
  camera?: 'file' | 'pattern' | 'none';
  videoFile?: string;
  /** Answer the permission prompt with Allow. When false, headless Chromium denies camera access. */
  allowCamera?: boolean;
}

export function chromiumArgs({ camera = 'none', videoFile, allowCamera = true }: CameraSetup = {}): string[] {
  const args = [...BASE_ARGS];
  if (allowCamera) args.push('--use-fake-ui-for-media-stream');
  if (camera !== 'none') args.push('--use-fake-device-for-media-stream');
  if (camera === 'file') {
    if (!videoFile) throw new Error("camera: 'file' needs a videoFile");
    args.push(`--use-file-for-fake-video-capture=${videoFile}`);
  }
  return args;
}

export function launchChromium(setup: CameraSetup = {}, options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    ...options,
    args: [...chromiumArgs(setup), ...(options.args ?? [])],
  });
}
