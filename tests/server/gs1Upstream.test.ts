import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, TRACE_API_BASE_PATH, type TraceResponse } from '../../src/contract/traceContract.ts';
import { loadConfig } from '../../server/config.ts';
import { start, type Started } from '../../server/main.ts';
import {
  BROWSER_AGENT,
  DEMO_KEY,
  startTestServer,
  TRACE_URL_PATH,
  type TestServer,
} from '../support/server/harness.ts';

// Upstream mode (issue 39, point 1): the brand's service names no GTINs; GS1_GTINS gives them. The upstream here is
// the reference service itself on the demo data, whose product SDN1L (this carton of fresh milk) has no GTIN.
const CAN = 'NV26A1120Z00X0009';
const GTIN = '08930000000064';
const PAGE_KEY = 'page-key-for-browsers';

describe('GS1 Digital Link in upstream mode (GS1_GTINS)', () => {
  let upstream: TestServer;
  let pageServer: Started;
  let dir: string;
  beforeAll(async () => {
    upstream = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'gs1-upstream-'));
    writeFileSync(join(dir, 'gtins.csv'), 'productCode,gtin\nSDN1L,8930000000064\n');
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: join(dir, 'no-page'),
      SSR_ENTRY: join(dir, 'no-ssr.js'),
      TRACE_DB: join(dir, 'counts.db'),
      LOG_LEVEL: 'silent',
      TRACE_API_KEYS: PAGE_KEY,
      TRACE_UPSTREAM_URL: `${upstream.url}${TRACE_API_BASE_PATH}/`,
      TRACE_UPSTREAM_KEY: DEMO_KEY,
      GS1_GTINS: join(dir, 'gtins.csv'),
    });
    pageServer = await start(config, { logStream: { write: () => {} } });
  });
  afterAll(async () => {
    const closing = pageServer?.app.close();
    pageServer?.app.server.closeAllConnections();
    await closing;
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers with the mapped GTIN, and resolves that GTIN's Digital Links (no lots: those are the brand's)", async () => {
    const answer = await fetch(`${pageServer.url}${TRACE_URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: PAGE_KEY, 'user-agent': BROWSER_AGENT },
      body: JSON.stringify({ QrCode: CAN }),
    });
    const body = (await answer.json()) as TraceResponse;
    expect(body.Data.Products[0]).toMatchObject({ Code: CAN, ProductCode: 'SDN1L', Gtin: GTIN });
    const unit = await fetch(`${pageServer.url}/01/${GTIN}/21/${CAN}`, { redirect: 'manual' });
    expect([unit.status, unit.headers.get('location')]).toEqual([307, `/dt?qr=${CAN}`]);
    const product = await fetch(`${pageServer.url}/01/${GTIN}?linkType=gs1:masterData`, { redirect: 'manual' });
    const data = await fetch(new URL(product.headers.get('location') ?? '', pageServer.url));
    expect(await data.json()).toMatchObject({ Gtin: GTIN, ProductCode: 'SDN1L' });
    expect((await fetch(`${pageServer.url}/01/${GTIN}/10/L2026-1120?linkType=gs1:recallStatus`)).status).toBe(404);
    expect((await fetch(`${pageServer.url}/01/08930000000071/21/${CAN}`, { redirect: 'manual' })).status).toBe(404);
  });
});
