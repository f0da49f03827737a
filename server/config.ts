import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** The key the page is built with by default (.env VITE_TRACE_API_KEY), so `npm start` works out of the box. */
export const DEMO_API_KEY = 'demo-key-change-me';

export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  dbPath: string;
  staticDir: string;
  apiKeys: string[];
  /** True when TRACE_API_KEYS was unset and the demo key is in use. */
  usingDemoKey: boolean;
  corsOrigins: string[];
  rateLimitMax: number;
  rateLimitWindowMs: number;
  trustProxy: TrustProxy;
  logLevel: string;
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
  const list = (name: string) => (value(name) ?? '').split(',').map((s) => s.trim()).filter(Boolean);

  const apiKeys = list('TRACE_API_KEYS');
  const usingDemoKey = env.TRACE_API_KEYS === undefined;
  if (!usingDemoKey && apiKeys.length === 0) {
    problems.push('TRACE_API_KEYS is set but empty: give at least one key, or unset it to use the demo key');
  }

  const corsOrigins = list('CORS_ORIGINS');
  for (const origin of corsOrigins) {
    if (!isOrigin(origin)) problems.push(`CORS_ORIGINS: '${origin}' is not an origin like https://shop.example.com`);
  }

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${logLevel}: expected one of ${LOG_LEVELS.join(', ')}`);

  const config: Config = {
    port: integer('PORT', 8080, 0, 65535),
    host: value('HOST') ?? '127.0.0.1',
    dbPath: resolve(value('TRACE_DB') ?? 'data/trace.db'),
    staticDir: resolve(value('STATIC_DIR') ?? 'dist'),
    apiKeys: usingDemoKey ? [DEMO_API_KEY] : apiKeys,
    usingDemoKey,
    corsOrigins,
    rateLimitMax: integer('RATE_LIMIT_MAX', 600, 0, 1_000_000_000),
    rateLimitWindowMs: integer('RATE_LIMIT_WINDOW_MS', 60_000, 1, 86_400_000),
    trustProxy: parseTrustProxy(value('TRUST_PROXY'), problems),
    logLevel,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/** Same forms Fastify's trustProxy takes: true/false, a hop count, or addresses and CIDR ranges. */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
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
    problems.push(`TRUST_PROXY: '${bad.join("', '")}' is not true, false, a hop count or an IP address/CIDR list`);
  }
  return entries;
}
