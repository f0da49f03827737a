import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** A response as it came over the wire, for requests no HTTP client would send. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything received, responses and all. */
  text: string;
}

export async function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  return socket;
}

/** Resolves when the server has closed the socket, or rejects at the deadline: tests never hang. */
export function closedWithin(socket: Socket, ms: number): Promise<{ received: string; reset: boolean }> {
  let received = '';
  let reset = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', (error: NodeJS.ErrnoException) => (reset ||= error.code === 'ECONNRESET'));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${ms} ms; received: ${received.slice(0, 200)}`));
    }, ms);
    const done = () => {
      clearTimeout(timer);
      resolve({ received, reset });
    };
    if (socket.destroyed) done();
    else socket.once('close', done);
  });
}

export function parseResponse(text: string): RawResponse {
  const headEnd = text.indexOf('\r\n\r\n');
  // An interim answer (100 Continue) comes before the response proper.
  if (/^HTTP\/1\.[01] 1\d\d /.test(text) && headEnd !== -1) return parseResponse(text.slice(headEnd + 4));
  const [statusLine = '', ...lines] = text.slice(0, headEnd === -1 ? text.length : headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = headEnd === -1 ? '' : text.slice(headEnd + 4);
  const length = headers['content-length'];
  const body = length === undefined ? rest : Buffer.from(rest, 'latin1').subarray(0, Number(length)).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body, text };
}

/** Sends `request` as written on a fresh connection and reads until the server closes it. */
export async function sendRaw(
  url: string,
  request: string | Buffer,
  ms = 5000,
): Promise<RawResponse & { reset: boolean }> {
  const socket = await openSocket(url);
  const closed = closedWithin(socket, ms);
  socket.write(request);
  const { received, reset } = await closed;
  return { ...parseResponse(received), reset };
}

export interface Connection {
  socket: Socket;
  /** Sends one request on this connection and resolves with its response (Content-Length framed). */
  exchange(request: string, ms?: number): Promise<RawResponse>;
  /** Resolves once the server has closed the connection; `reset` tells a RST from a clean FIN. */
  closed(ms: number): Promise<{ received: string; reset: boolean }>;
}

/** A keep-alive connection driven by hand, to see what the server does to it between requests. */
export async function openConnection(url: string): Promise<Connection> {
  const socket = await openSocket(url);
  let buffer = Buffer.alloc(0);
  let reset = false;
  let waiter: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    waiter?.();
  });
  socket.on('error', (error: NodeJS.ErrnoException) => (reset ||= error.code === 'ECONNRESET'));
  socket.on('close', () => waiter?.());

  const complete = (): RawResponse | undefined => {
    const headEnd = buffer.indexOf('\r\n\r\n');
    if (headEnd === -1) return undefined;
    const length = /\r\ncontent-length: *(\d+)/i.exec(buffer.subarray(0, headEnd).toString('latin1'))?.[1];
    const end = headEnd + 4 + Number(length ?? 0);
    if (buffer.length < end) return undefined;
    const response = parseResponse(buffer.subarray(0, end).toString('latin1'));
    buffer = buffer.subarray(end);
    return response;
  };

  return {
    socket,
    exchange: (request, ms = 5000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no response within ${ms} ms`)), ms);
        waiter = () => {
          const response = complete();
          if (response) {
            clearTimeout(timer);
            waiter = undefined;
            resolve(response);
          } else if (socket.destroyed) {
            clearTimeout(timer);
            reject(new Error(`connection closed (reset: ${reset}) before a response`));
          }
        };
        socket.write(request);
      }),
    closed: async (ms) => {
      const { received } = await closedWithin(socket, ms);
      return { received: buffer.toString('latin1') + received, reset };
    },
  };
}
