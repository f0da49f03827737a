/** The WeChat engine's parts, cut out of qr-decode-wechat at build time (scripts/vite/wechatQr.ts). */
declare module 'virtual:wechat-qr' {
  /** OpenCV's runtime started on the engine's WebAssembly bytes. */
  export function createCv(wasm: Uint8Array): Promise<import('@/features/scanner/decode/wechatDecode').WeChatCv>;
  /** The URL of the engine's WebAssembly, on the page's own origin. */
  export const wasmUrl: string;
  /** The URLs of its model files, on the page's own origin. */
  export const modelUrls: Record<import('@/features/scanner/decode/wechatDecode').WeChatModel, string>;
}
