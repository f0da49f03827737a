import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_KEY_HEADER, TRACE_URL_PATH } from '../../../src/contract/traceContract.ts';
import { benchCode, CODE_COUNT } from './apiBenchData.ts';

/** The key the counting benches' services take (TRACE_API_KEYS). */
export const BENCH_KEY = 'bench-key';

/**
 * bench:api's target load for counting (issue 36, point 10): lookups of random existing codes of the bench's
 * 1,000,000, one device (the load generator), `connections` at a time for `seconds`.
 */
export function randomLookups(url: string, seconds: number, connections = 10) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: TRACE_URL_PATH,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: BENCH_KEY },
        setupRequest: (request: object) => ({
          ...request,
          body: JSON.stringify({ QrCode: benchCode(Math.floor(Math.random() * CODE_COUNT)) }),
        }),
      },
    ],
  });
}

/**
 * The counting benches' service: the bench's database `db`, the built site `site` (makeSiteDir), counting `mode`,
 * no rate limit, quiet logs; `nodeOptions` for what the bench watches (a profiler, V8's GC trace).
 */
export const countingServiceEnv = (db: string, site: string, mode: 'on' | 'off', nodeOptions: string) => ({
  TRACE_DB: db,
  TRACE_API_KEYS: BENCH_KEY,
  RATE_LIMIT_MAX: '0',
  DRAIN_DELAY_MS: '0',
  LOG_LEVEL: 'warn',
  STATIC_DIR: join(site, 'dist'),
  SSR_ENTRY: join(site, 'no-ssr', 'entry-server.js'),
  CHECKS: mode,
  NODE_OPTIONS: nodeOptions,
});
