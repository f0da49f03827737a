import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createWeChatReader,
  type ReadWeChat,
  type WeChatCv,
  type WeChatModel,
} from '@/features/scanner/decode/wechatDecode';
import { WECHAT_MODEL_FILES, writeWechatQrParts } from '../../../scripts/vite/wechatQr';

/**
 * The WeChat engine as the decode worker starts it, from the same files the build serves (cut out of
 * qr-decode-wechat by scripts/vite/wechatQr.ts), read from disk instead of fetched.
 */
export async function loadWeChat(): Promise<ReadWeChat> {
  const dir = writeWechatQrParts(resolve(import.meta.dirname, '../../..'));
  const { createCv } = (await import(pathToFileURL(join(dir, 'wechatQrRuntime.js')).href)) as {
    createCv: (wasm: Uint8Array) => Promise<WeChatCv>;
  };
  const models = Object.fromEntries(
    Object.entries(WECHAT_MODEL_FILES).map(([model, name]) => [model, readFileSync(join(dir, `wechat_${name}`))]),
  ) as unknown as Record<WeChatModel, Uint8Array>;
  return createWeChatReader(createCv, { wasm: readFileSync(join(dir, 'wechat_qr.wasm')), models });
}
