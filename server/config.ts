import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseGs1Config, type Gs1Config } from './gs1/gs1Config.ts';

/** The key the page is built with by default (.env VITE_TRACE_API_KEY), so `npm start` works out of the box. */
export const DEMO_API_KEY = 'demo-key-change-me';

/**
 * Which peers may speak for the client through X-Forwarded-*: nobody, the last N hops, or these
 * addresses. Never "everybody" (`true`): then any client could name its own address.
 */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  dbPath: string;
  /** PostgreSQL (postgres://…) instead of the SQLite file at dbPath; several instances can share it. */
  databaseUrl: string | undefined;
  staticDir: string;
  /** The page's server-render module (`npm run build` writes dist-ssr/); without it pages are not rendered. */
  ssrEntry: string;
  apiKeys: string[];
  /** True when TRACE_API_KEYS was unset and the demo key is in use. */
  usingDemoKey: boolean;
  corsOrigins: string[];
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** How many client addresses the in-memory limiter keeps at most. */
  rateLimitAddresses: number;
  /** Redis or Valkey holding the rate-limit counts of every instance; in-process counts when unset. */
  redisUrl: string | undefined;
  trustProxy: TrustProxy;
  /** Where the https redirect points (e.g. https://trace.example.com); no redirect when unset. */
  publicOrigin: string | undefined;
  /** The longest a client may take to send one whole request, headers and body. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** After SIGTERM: how long readiness says 503 while requests are still answered, before closing. */
  drainDelayMs: number;
  logLevel: string;
  /** Where Prometheus metrics are served, apart from the public port; off when the port is unset. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** SEED_DEMO=1 (`npm start`): a database this start creates gets the demo data; never on a public instance. */
  seedDemo: boolean;
  /** Origins besides the page's own that product pictures may come from (CSP img-src). */
  imageOrigins: string[];

  // The page path and the images route (issue 23: H1, L7).
  /** GS1 Digital Link (issue 39): GS1_GTINS (upstream mode's product code → GTIN) and GS1_PIP_URL. */
  gs1: Gs1Config;

  /** Page renders in progress at once in this process; past it a page gets 503 at once. */
  renderConcurrencyMax: number;
  /** Picture requests per client address per RATE_LIMIT_WINDOW_MS, a budget apart from lookups; 0: unlimited. */
  imageRateLimitMax: number;
  /** Bytes of picture bodies kept in memory (least recently used dropped first); 0: none kept. */
  imageCacheBytes: number;

  /** The brand's own trace service the lookups go to instead of a database (TRACE_UPSTREAM_URL); unset: the database. */
  upstream: UpstreamConfig | undefined;
  /**
   * Keys of page servers in front of this service (TRUSTED_CLIENT_KEYS): their lookups are limited by
   * the shopper's address they send in X-Forwarded-For, not by their own, within a budget per key.
   */
  trustedClientKeys: string[];
  /** Lookups per trusted key per RATE_LIMIT_WINDOW_MS, all its shoppers together; 0: unlimited. */
  trustedClientRateLimitMax: number;

  // Lookup counts (issue 26).
  /** Keys of the support desk and other staff clients (STAFF_API_KEYS): accepted like API keys, their lookups never counted. */
  staffApiKeys: string[];
  /** CHECKS=off: shoppers' lookups are neither counted nor answered with counts. */
  checks: boolean;
  /** Distinct networks within the window from which an answer carries the caution (CHECKS_CAUTION_NETWORKS). */
  checksCautionNetworks: number;
  /** The recent window, in days (today included), over which networks are counted (CHECKS_WINDOW_DAYS). */
  checksWindowDays: number;

  // Shoppers' reports (issue 41).
  reports: ReportsConfig;
}

/** Shoppers' reports (issue 41): their daily limits, how long closed ones are kept, the brand's webhook. */
export interface ReportsConfig {
  /** Reports one network (its /24 or /48) may send a Vietnam day (REPORTS_PER_NETWORK_DAY). */
  perNetworkDay: number;
  /** Reports one code may get a Vietnam day, from everyone together (REPORTS_PER_CODE_DAY). */
  perCodeDay: number;
  /** Reports a Vietnam day from everyone together, a bound on the disk (REPORTS_DAY_MAX). */
  dayMax: number;
  /** Photo bytes a Vietnam day from everyone together, a bound on the disk (REPORTS_PHOTO_BYTES_DAY_MAX). */
  photoBytesDayMax: number;
  /** Days a closed report keeps its photo (REPORTS_PHOTO_KEEP_DAYS). */
  photoKeepDays: number;
  /** Days a closed report is kept at all (REPORTS_CLOSED_KEEP_DAYS). */
  closedKeepDays: number;
  /** Each new report POSTed, signed, to the brand's system; none when REPORT_WEBHOOK_URL is unset. */
  webhook: ReportWebhookConfig | undefined;
  /** Settings that are gone, each with what replaced it: the start logs each in one line. */
  replaced: string[];
}

export interface ReportWebhookConfig {
  url: string;
  secret: string;
  /** The wait after the first failed delivery, doubled after each (REPORT_WEBHOOK_RETRY_MS). */
  retryMs: number;
  /** The longest wait between attempts (REPORT_WEBHOOK_RETRY_MAX_MS). */
  retryMaxMs: number;
  /** One attempt's deadline (REPORT_WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
}

/** Upstream mode (issue 24): every lookup is the brand's service's answer, asked with its own key. */
export interface UpstreamConfig {
  /** The service's API base, e.g. https://trace.example.vn/qrinfo-svc/api, without a trailing slash. */
  url: string;
  /** The X-Key the upstream expects; sent only to it. */
  key: string;
  /** The longest one call may take, body included. */
  timeoutMs: number;
  /** How long an answer is reused; 0: never. */
  cacheTtlSeconds: number;
  /** How long the breaker stays open before one probe goes through. */
  breakerCooldownMs: number;
  /** Unknown codes one client may have asked of the upstream per RATE_LIMIT_WINDOW_MS; 0: no such limit. */
  unknownMax: number;
  /** Send the client's address to the upstream in X-Forwarded-For (TRACE_UPSTREAM_FORWARD_CLIENT=1). */
  forwardClient: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

/** Reads and checks every variable, then reports all bad values at once rather than the first. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name}=${raw}: expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const list = (name: string) =>
    (value(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);

  const apiKeys = list('TRACE_API_KEYS');
  const usingDemoKey = env.TRACE_API_KEYS === undefined;
  if (!usingDemoKey && apiKeys.length === 0) {
    problems.push('TRACE_API_KEYS is set but empty: give at least one key, or unset it to use the demo key');
  }

  const staffApiKeys = list('STAFF_API_KEYS');
  const pageKeys = usingDemoKey ? [DEMO_API_KEY] : apiKeys;
  // A staff key in the page's bundle would make every shopper staff: their lookups never counted.
  if (staffApiKeys.some((key) => pageKeys.includes(key))) {
    problems.push(
      'STAFF_API_KEYS: a staff key is also a page key (TRACE_API_KEYS, or the demo key while it is unset): the page ships its key, so every shopper would be staff; give staff keys of their own',
    );
  }

  const corsOrigins = list('CORS_ORIGINS');
  for (const origin of corsOrigins) {
    if (!isOrigin(origin))
      problems.push(`CORS_ORIGINS: '${withoutUserinfo(origin)}' is not an origin like https://shop.example.com`);
  }

  const publicOrigin = value('PUBLIC_ORIGIN');
  if (publicOrigin !== undefined && !(isOrigin(publicOrigin) && publicOrigin.startsWith('https://'))) {
    problems.push(
      `PUBLIC_ORIGIN: '${withoutUserinfo(publicOrigin)}' is not an https origin like https://trace.example.com`,
    );
  }

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL: expected postgres://user[:password]@host[:port]/database, or unset it for the SQLite file TRACE_DB',
    );
  }

  const redisUrl = value('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\/[^/?#\s]/.test(redisUrl)) {
    problems.push('REDIS_URL: expected redis://[:password@]host[:port][/db] (rediss:// for TLS)');
  }

  const imageOrigins = list('IMAGE_ORIGINS');
  for (const origin of imageOrigins) {
    if (!(isOrigin(origin) && origin.startsWith('https://'))) {
      problems.push(
        `IMAGE_ORIGINS: '${withoutUserinfo(origin)}' is not an https origin like https://images.example.com`,
      );
    }
  }

  const upstream = parseUpstream(value, integer, problems);
  const trustedClientKeys = list('TRUSTED_CLIENT_KEYS');
  // A trusted key names any address it likes in X-Forwarded-For: in the page's bundle, anyone would.
  if (trustedClientKeys.some((key) => pageKeys.includes(key) || staffApiKeys.includes(key))) {
    problems.push(
      'TRUSTED_CLIENT_KEYS: a trusted key is also a page or staff key: whoever holds it may name any client address in X-Forwarded-For, so give each page server a key of its own',
    );
  }
  if (upstream !== undefined && pageKeys.includes(upstream.key)) {
    problems.push(
      "TRACE_UPSTREAM_KEY is also a page key (TRACE_API_KEYS, or the demo key while it is unset): the page ships its key, so your service's key would be public; give the page a key of its own",
    );
  }

  const metricsPort = value('METRICS_PORT') === undefined ? undefined : integer('METRICS_PORT', 0, 0, 65535);

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${logLevel}: expected one of ${LOG_LEVELS.join(', ')}`);

  const config: Config = {
    port: integer('PORT', 8080, 0, 65535),
    host: value('HOST') ?? '127.0.0.1',
    dbPath: resolve(value('TRACE_DB') ?? 'data/trace.db'),
    databaseUrl,
    staticDir: resolve(value('STATIC_DIR') ?? 'dist'),
    ssrEntry: resolve(value('SSR_ENTRY') ?? 'dist-ssr/entry-server.js'),
    apiKeys: usingDemoKey ? [DEMO_API_KEY] : apiKeys,
    usingDemoKey,
    corsOrigins,
    rateLimitMax: integer('RATE_LIMIT_MAX', 600, 0, 1_000_000_000),
    rateLimitWindowMs: integer('RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000),
    rateLimitAddresses: integer('RATE_LIMIT_ADDRESSES', 100_000, 1, 10_000_000),
    redisUrl,
    trustProxy: parseTrustProxy(value('TRUST_PROXY'), problems),
    publicOrigin,
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 10_000, 100, 600_000),
    keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 600_000),
    drainDelayMs: integer('DRAIN_DELAY_MS', 5_000, 0, 600_000),
    logLevel,
    metricsPort,
    metricsHost: value('METRICS_HOST') ?? '127.0.0.1',
    seedDemo: parseSeedDemo(value('SEED_DEMO'), problems),
    imageOrigins,
    gs1: parseGs1Config(value, problems),

    renderConcurrencyMax: integer('RENDER_CONCURRENCY_MAX', 8, 1, 10_000),
    imageRateLimitMax: integer('IMAGE_RATE_LIMIT_MAX', 1200, 0, 1_000_000_000),
    imageCacheBytes: integer('IMAGE_CACHE_BYTES', 32 * 1024 * 1024, 0, 4 * 1024 * 1024 * 1024),
    upstream,
    trustedClientKeys,
    trustedClientRateLimitMax: integer('TRUSTED_CLIENT_RATE_LIMIT_MAX', 60_000, 0, 1_000_000_000),
    staffApiKeys,
    checks: parseChecks(value('CHECKS'), problems),
    // At most 50: networks are kept as one of 256 buckets per code (server/checks/network.ts), so counts past
    // a few dozen come out low.
    checksCautionNetworks: integer('CHECKS_CAUTION_NETWORKS', 5, 2, 50),
    checksWindowDays: integer('CHECKS_WINDOW_DAYS', 30, 1, 90),
    reports: parseReports(value, integer, problems),
  };
  if (value('CHECKS_CAUTION_DEVICES') !== undefined)
    problems.push(
      'CHECKS_CAUTION_DEVICES was replaced by CHECKS_CAUTION_NETWORKS (distinct networks within CHECKS_WINDOW_DAYS days, default 5 in 30): rename it',
    );
  checkPublicInstance(config, env.NODE_ENV, problems);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === config.port) {
    problems.push(
      `METRICS_PORT=${metricsPort} is also PORT: metrics need a port of their own, kept off the public one`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseUpstream(
  value: (name: string) => string | undefined,
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): UpstreamConfig | undefined {
  const url = value('TRACE_UPSTREAM_URL');
  const key = value('TRACE_UPSTREAM_KEY');
  if (url === undefined) {
    if (key !== undefined)
      problems.push(
        "TRACE_UPSTREAM_KEY is set without TRACE_UPSTREAM_URL: give the trace service's base URL too, or unset the key",
      );
    return undefined;
  }
  if (!isHttpUrl(url)) {
    problems.push(
      `TRACE_UPSTREAM_URL: '${withoutUserinfo(url)}' is not an http(s) URL without user or password, like https://trace.example.vn/qrinfo-svc/api`,
    );
  } else if (
    new URL(url).protocol === 'http:' &&
    !isPrivateHost(new URL(url).hostname) &&
    value('TRACE_UPSTREAM_ALLOW_HTTP') !== '1'
  ) {
    problems.push(
      `TRACE_UPSTREAM_URL: http:// to ${new URL(url).hostname} would send TRACE_UPSTREAM_KEY and every answer in the clear: ` +
        'use https, or, where the network between is your own, set TRACE_UPSTREAM_ALLOW_HTTP=1 (plain http is taken as is to loopback and private addresses)',
    );
  }
  if (key === undefined)
    problems.push('TRACE_UPSTREAM_URL is set without TRACE_UPSTREAM_KEY: give the X-Key the trace service expects');
  return {
    url: url.replace(/\/+$/, ''),
    key: key ?? '',
    timeoutMs: integer('TRACE_UPSTREAM_TIMEOUT_MS', 3000, 50, 60_000),
    cacheTtlSeconds: integer('TRACE_UPSTREAM_CACHE_TTL_S', 30, 0, 3600),
    breakerCooldownMs: integer('TRACE_UPSTREAM_BREAKER_COOLDOWN_MS', 5000, 100, 600_000),
    unknownMax: integer('TRACE_UPSTREAM_UNKNOWN_MAX', 60, 0, 1_000_000_000),
    forwardClient: parseSwitch('TRACE_UPSTREAM_FORWARD_CLIENT', value('TRACE_UPSTREAM_FORWARD_CLIENT'), problems),
  };
}

/** The shortest REPORT_WEBHOOK_SECRET taken: an HMAC key anyone could guess signs nothing. */
const WEBHOOK_SECRET_MIN = 32;

function parseReports(
  value: (name: string) => string | undefined,
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): ReportsConfig {
  const photoKeepDays = integer('REPORTS_PHOTO_KEEP_DAYS', 30, 1, 3650);
  const closedKeepDays = integer('REPORTS_CLOSED_KEEP_DAYS', 365, 1, 3650);
  if (closedKeepDays < photoKeepDays) {
    problems.push(
      `REPORTS_CLOSED_KEEP_DAYS=${closedKeepDays} is shorter than REPORTS_PHOTO_KEEP_DAYS=${photoKeepDays}: a report goes with its photo, so keep it at least as long`,
    );
  }
  return {
    perNetworkDay: integer('REPORTS_PER_NETWORK_DAY', 3, 1, 10_000),
    perCodeDay: integer('REPORTS_PER_CODE_DAY', 200, 1, 1_000_000),
    // Far past what a brand's shoppers send in a day, even in a scare, yet a day's rows stay a few megabytes: a
    // flood from many networks fills a day, never the disk.
    dayMax: integer('REPORTS_DAY_MAX', 10_000, 1, 10_000_000),
    // 1 GiB: some 3,500 phone photos as the page sends them (about 300 KB), 700 at the 1.5 MB maximum.
    photoBytesDayMax: integer('REPORTS_PHOTO_BYTES_DAY_MAX', 1024 * 1024 * 1024, 0, 1024 ** 4),
    photoKeepDays,
    closedKeepDays,
    webhook: parseReportWebhook(value, integer, problems),
    // Taken no more, and harmless to leave: nothing it bounded exists now. Said, so nobody believes it still holds.
    replaced:
      value('REPORT_WEBHOOK_OUTBOX_MAX') === undefined
        ? []
        : [
            'REPORT_WEBHOOK_OUTBOX_MAX is no longer read: a delivery now waits on its report until delivered, never dropped, bounded by REPORTS_DAY_MAX reports a day; unset it',
          ],
  };
}

function parseReportWebhook(
  value: (name: string) => string | undefined,
  integer: (name: string, fallback: number, min: number, max: number) => number,
  problems: string[],
): ReportWebhookConfig | undefined {
  const url = value('REPORT_WEBHOOK_URL');
  const secret = value('REPORT_WEBHOOK_SECRET');
  if (url === undefined) {
    if (secret !== undefined)
      problems.push('REPORT_WEBHOOK_SECRET is set without REPORT_WEBHOOK_URL: give the URL too, or unset the secret');
    return undefined;
  }
  if (!isHttpUrl(url) || (new URL(url).protocol === 'http:' && !isPrivateHost(new URL(url).hostname))) {
    problems.push(
      `REPORT_WEBHOOK_URL: '${withoutUserinfo(url)}' is not an https URL without user, password or query (plain http only to loopback and private addresses): reports carry shoppers' phone numbers`,
    );
  }
  if (secret === undefined || secret.length < WEBHOOK_SECRET_MIN) {
    problems.push(
      `REPORT_WEBHOOK_SECRET: give a random secret of at least ${WEBHOOK_SECRET_MIN} characters (e.g. openssl rand -hex 32), shared with the brand's system, which checks each delivery's signature with it`,
    );
  }
  const retryMs = integer('REPORT_WEBHOOK_RETRY_MS', 5_000, 100, 3_600_000);
  return {
    url,
    secret: secret ?? '',
    retryMs,
    retryMaxMs: Math.max(retryMs, integer('REPORT_WEBHOOK_RETRY_MAX_MS', 15 * 60_000, 100, 86_400_000)),
    timeoutMs: integer('REPORT_WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1']);

/** A URL as a config error may show it: never its user, password or query (where a password may be). */
const withoutUserinfo = (text: string) => text.replace(/\/\/[^/?#\s]*@/, '//…@').replace(/[?#].*$/, '?…');

/** Loopback and private ranges (RFC 1918, IPv6 unique local): a network that is the operator's own. */
const PRIVATE_RANGES = new BlockList();
PRIVATE_RANGES.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_RANGES.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_RANGES.addAddress('::1', 'ipv6');
PRIVATE_RANGES.addSubnet('fc00::', 7, 'ipv6');

/** A URL's hostname (IPv6 in brackets) that is loopback or a private address; a name other than localhost is not. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  if (family === 0) return host === 'localhost';
  return PRIVATE_RANGES.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || (isIP(host) === 4 && host.startsWith('127.'));

/** A 0/1 setting, off when unset. */
function parseSwitch(name: string, raw: string | undefined, problems: string[]): boolean {
  if (raw === undefined || raw === '0') return false;
  if (raw === '1') return true;
  problems.push(`${name}=${raw}: expected 1 (on) or 0 (off, the default)`);
  return false;
}

function parseChecks(raw: string | undefined, problems: string[]): boolean {
  if (raw === undefined || raw === 'on') return true;
  if (raw === 'off') return false;
  problems.push(`CHECKS=${raw}: expected on (count shoppers' lookups, the default) or off`);
  return true;
}

function parseSeedDemo(raw: string | undefined, problems: string[]): boolean {
  if (raw === undefined || raw === '0') return false;
  if (raw === '1') return true;
  problems.push(`SEED_DEMO=${raw}: expected 1 (load the demo data into a new database) or 0`);
  return false;
}

/**
 * What is public must not run on what the repository publishes: its demo codes (a counterfeiter
 * could print them and shoppers would see "genuine") or its demo key. PUBLIC_ORIGIN, TRUST_PROXY,
 * NODE_ENV=production and a HOST others can reach each say the instance is deployed. A hop-count TRUST_PROXY believes
 * X-Forwarded-For from whoever connects, so it is only safe where nobody but the proxy can connect.
 */
function checkPublicInstance(config: Config, nodeEnv: string | undefined, problems: string[]): void {
  const deployedBy = [
    ...(config.publicOrigin === undefined ? [] : ['PUBLIC_ORIGIN']),
    ...(config.trustProxy === false ? [] : ['TRUST_PROXY']),
    ...(nodeEnv === 'production' ? ['NODE_ENV=production'] : []),
    ...(isLoopback(config.host) ? [] : [`HOST=${config.host}`]),
  ];
  if (config.seedDemo && deployedBy.length > 0) {
    problems.push(
      `SEED_DEMO=1 with ${deployedBy.join(', ')}: a deployed instance never gets the public demo codes. ` +
        'Start it with npm run serve and load your data with npm run import',
    );
  }
  if (config.usingDemoKey && config.publicOrigin !== undefined) {
    problems.push(
      'TRACE_API_KEYS is unset with PUBLIC_ORIGIN: a public instance must not accept the published demo key; set your own keys',
    );
  }
  if (typeof config.trustProxy === 'number' && !isLoopback(config.host)) {
    problems.push(
      `TRUST_PROXY=${config.trustProxy} (a hop count) with HOST=${config.host}: anyone reaching the port could write their own ` +
        "X-Forwarded-For and escape the rate limit; give the proxy's addresses instead (e.g. TRUST_PROXY=10.0.0.5 or 10.0.0.0/24)",
    );
  }
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/** Fastify's trustProxy forms, less `true`: a hop count, or addresses and CIDR ranges. */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    problems.push(
      "TRUST_PROXY=true would take any client's own X-Forwarded-For as its address (rate limit, logs): " +
        'set the number of proxies in front instead (TRUST_PROXY=1 for one) or their addresses (e.g. TRUST_PROXY=10.0.0.5)',
    );
    return false;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((s) => s.trim());
  const bad = entries.filter((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    const n = Number(bits);
    return !/^\d+$/.test(bits) || n > (family === 4 ? 32 : 128);
  });
  if (bad.length > 0) {
    problems.push(`TRUST_PROXY: '${bad.join("', '")}' is not false, a hop count or an IP address/CIDR list`);
  }
  return entries;
}
