import { createCv, modelUrls, wasmUrl } from 'virtual:wechat-qr';
import { createWeChatReader, type ReadWeChat, type WeChatModel } from './wechatDecode';

/**
 * Fetches the WeChat engine's WebAssembly and models from the page's own origin (separate files under
 * assets/, content-hashed, precompressed, cached for a year) and starts it. Imported by the decode worker
 * only when a photo needs the engine, so neither this code nor the files load before.
 */
export async function loadWeChat(): Promise<ReadWeChat> {
  const fetched = async (url: string) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`The WeChat engine's file ${url} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const names = Object.keys(modelUrls) as WeChatModel[];
  const [wasm, ...models] = await Promise.all([fetched(wasmUrl), ...names.map((name) => fetched(modelUrls[name]))]);
  return createWeChatReader(createCv, {
    wasm: wasm!,
    models: Object.fromEntries(names.map((name, index) => [name, models[index]!])) as Record<WeChatModel, Uint8Array>,
  });
}
