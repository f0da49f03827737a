import type { DecodedCode, DecodeEffort, DecodeResult } from './decodedCode';
import type { DecodeReply, DecodeRequest, DecodeSource } from './workerProtocol';

/** The photo was not an image the browser can read. */
export class UnreadableImageError extends Error {
  constructor() {
    super('The browser cannot read this file as an image');
    this.name = 'UnreadableImageError';
  }
}

interface Pending {
  resolve: (result: DecodeResult) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

/**
 * The one decode worker of the page, started on first use (so the .wasm loads only when the visitor
 * scans) and kept for the visit, so a second scan starts warm.
 */
function decodeWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module', name: 'decode' });
  started.onmessage = ({ data }: MessageEvent<DecodeReply>) => {
    const request = pending.get(data.id);
    pending.delete(data.id);
    if (!request) return;
    if ('error' in data)
      request.reject(data.error === 'unreadable' ? new UnreadableImageError() : new Error('The decoder failed'));
    else request.resolve(data.result);
  };
  // A worker that died (out of memory, a crash in the engine) fails what it held; the next call starts a new one.
  started.onerror = () => {
    for (const request of pending.values()) request.reject(new Error('The decode worker stopped'));
    pending.clear();
    started.terminate();
    worker = null;
  };
  return (worker = started);
}

/**
 * Starts the worker, and so the .wasm download and compilation, ahead of the first frame or photo: the
 * camera calls it before asking for the stream, the photo button when the file picker opens.
 */
export function warmUpDecoder(): void {
  decodeWorker();
}

/**
 * Decodes in the worker. The pixels are transferred, not copied: an ImageBitmap or the buffer of an
 * RGBA image is unusable here afterwards. Every code found, trace candidates first.
 */
export async function decodeOffThread(source: DecodeSource, effort: DecodeEffort): Promise<DecodedCode[]> {
  const id = nextId++;
  const transfer: Transferable[] =
    source instanceof ImageBitmap ? [source] : source instanceof Blob ? [] : [source.data.buffer as ArrayBuffer];
  const result = await new Promise<DecodeResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    decodeWorker().postMessage({ id, effort, source } satisfies DecodeRequest, transfer);
  });
  // Which engine answered matters to nobody on the page; a performance mark lets DevTools and the
  // browser tests see it.
  performance.mark('scanner:decoded', { detail: { engine: result.engine, found: result.codes.length } });
  return result.codes;
}

/** True where a worker can draw an ImageBitmap or a photo itself; elsewhere the page sends RGBA pixels. */
export const workerCanDraw = typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap === 'function';
