import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, databaseBackend } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openStorage } from '../../server/db/openStorage.ts';
import type { CodeLookup, TraceStorage } from '../../server/db/storage.ts';
import type { StoredImage } from '../../server/domain/productImage.ts';
import { ImageCache } from '../../server/routes/imageCache.ts';
import { importFile } from '../../server/import/importFile.ts';
import { DEMO_DATA } from '../../server/main.ts';
import { DEMO_KEY, TRACE_URL_PATH } from '../support/server/harness.ts';

// The pictures' route on a real SQLite database with the demo data, its picture reads counted through a
// wrapped CodeLookup: each picture is read from the database once, then from memory, within a byte
// bound; a query string never reaches the database; each client has a budget of picture requests.

interface Service {
  app: FastifyInstance;
  /** How many times the route asked the database for a picture. */
  reads: () => number;
  /** The demo unit's picture path, /qrinfo-svc/api/images/<hash>.svg. */
  picture: string;
}

let storage: TraceStorage | undefined;
let app: FastifyInstance | undefined;
let dir = '';
afterEach(async () => {
  await app?.close();
  await storage?.close();
  app = storage = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function startService(env: Record<string, string> = {}): Promise<Service> {
  dir = mkdtempSync(join(tmpdir(), 'trace-images-'));
  const config = loadConfig({
    TRACE_DB: join(dir, 'trace.db'),
    STATIC_DIR: join(dir, 'no-page'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  storage = await openStorage(config);
  await importFile(storage, DEMO_DATA, {});
  const lookup = await storage.openLookup();
  let reads = 0;
  const counted: CodeLookup = {
    find: (code) => lookup.find(code),
    image: (name) => {
      reads++;
      return lookup.image(name);
    },
    importRuns: () => lookup.importRuns(),
    ping: () => lookup.ping(),
    product: (gtin) => lookup.product(gtin),
    lot: (gtin, lotCode) => lookup.lot(gtin, lotCode),
  };
  app = await buildApp(config, databaseBackend(counted), { logStream: { write: () => {} } });
  const answer = await app.inject({
    method: 'POST',
    url: TRACE_URL_PATH,
    headers: { 'content-type': 'application/json', 'x-key': DEMO_KEY },
    payload: { QrCode: '1D24B3261X54A2320' },
  });
  const picture = (answer.json() as { Data: { Products: { ImageUrl: string }[] } }).Data.Products[0]!.ImageUrl;
  return { app, reads: () => reads, picture };
}

describe('pictures', () => {
  it('are read from the database once, then from memory', async () => {
    const { app, reads, picture } = await startService();
    const first = await app.inject(picture);
    expect(first.statusCode).toBe(200);
    expect(reads()).toBe(1);
    const second = await app.inject(picture);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-type']).toBe('image/svg+xml');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(
      (await app.inject({ url: picture, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode,
    ).toBe(304);
    expect(reads()).toBe(1);
  });

  it('are read every time when the cache cannot hold them (IMAGE_CACHE_BYTES below their size)', async () => {
    const { app, reads, picture } = await startService({ IMAGE_CACHE_BYTES: '10' });
    for (let i = 0; i < 3; i++) expect((await app.inject(picture)).statusCode).toBe(200);
    expect(reads()).toBe(3);
  });

  it('redirect a request with a query string to the bare name, without reading the database', async () => {
    const { app, reads, picture } = await startService();
    for (const query of ['?x=1', '?fbclid=abc']) {
      const response = await app.inject(`${picture}${query}`);
      expect(response.statusCode, query).toBe(301);
      expect(response.headers.location).toBe(picture);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await app.inject('/qrinfo-svc/api/images/not-a-name.svg?x=1')).statusCode).toBe(404);
    expect(reads()).toBe(0);
  });

  it('get 429 past IMAGE_RATE_LIMIT_MAX per client, a budget apart from lookups', async () => {
    const { app, picture } = await startService({ IMAGE_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '2' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject(picture)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await app.inject(`${picture.replace(/\w+\.svg$/, '0123456789abcdef0123456789abcdef.svg')}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMIT', status: 429 });
    // One of the client's two lookups was spent finding the picture's name; the other is still there.
    const lookup = () =>
      app.inject({
        method: 'POST',
        url: TRACE_URL_PATH,
        headers: { 'content-type': 'application/json', 'x-key': DEMO_KEY },
        payload: { QrCode: '1D24B3261X54A2320' },
      });
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(429);
  });
});

describe('ImageCache', () => {
  const image = (name: string, size: number): StoredImage => ({
    name,
    contentType: 'image/png',
    body: Buffer.alloc(size),
  });

  it('never holds more bytes than its bound, dropping the least recently read first', () => {
    const cache = new ImageCache(1000);
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      cache.add(image(`n${Math.floor(random() * 300)}`, Math.floor(random() * 1200)));
      if (random() < 0.5) cache.get(`n${Math.floor(random() * 300)}`);
      expect(cache.bytes).toBeLessThanOrEqual(1000);
    }
    const held = Array.from({ length: 300 }, (_, n) => cache.get(`n${n}`)?.body.byteLength ?? 0);
    expect(held.reduce((sum, size) => sum + size, 0)).toBe(cache.bytes);

    const lru = new ImageCache(300);
    lru.add(image('a', 100));
    lru.add(image('b', 100));
    lru.add(image('c', 100));
    lru.get('a');
    lru.add(image('d', 100));
    expect(['a', 'b', 'c', 'd'].map((name) => lru.get(name) !== undefined)).toEqual([true, false, true, true]);
    lru.add(image('huge', 301));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.bytes).toBe(300);
  });
});
