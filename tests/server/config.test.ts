import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('has documented defaults, with the demo key only while TRACE_API_KEYS is unset', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dbPath: resolve('data/trace.db'),
      staticDir: resolve('dist'),
      ssrEntry: resolve('dist-ssr/entry-server.js'),
      apiKeys: ['demo-key-change-me'],
      usingDemoKey: true,
      corsOrigins: [],
      rateLimitMax: 600,
      rateLimitWindowMs: 60000,
      rateLimitAddresses: 100000,
      redisUrl: undefined,
      trustProxy: false,
      publicOrigin: undefined,
      requestTimeoutMs: 10000,
      keepAliveTimeoutMs: 72000,
      drainDelayMs: 5000,
      logLevel: 'info',
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      seedDemo: false,
      imageOrigins: [],
      gs1: { gtinsByProduct: new Map(), pipUrl: undefined },
      renderConcurrencyMax: 8,
      imageRateLimitMax: 1200,
      imageCacheBytes: 33554432,
      upstream: undefined,
      trustedClientKeys: [],
      trustedClientRateLimitMax: 60000,
      staffApiKeys: [],
      checks: true,
      checksCautionNetworks: 5,
      checksWindowDays: 30,
      reports: {
        perNetworkDay: 3,
        perCodeDay: 200,
        dayMax: 10_000,
        photoBytesDayMax: 1024 ** 3,
        photoKeepDays: 30,
        closedKeepDays: 365,
        webhook: undefined,
        replaced: [],
      },
    });
  });

  it('reads upstream mode (issue 24) and refuses half of it, or a URL that is not http(s)', () => {
    expect(
      loadConfig({ TRACE_UPSTREAM_URL: 'https://trace.example.vn/qrinfo-svc/api/', TRACE_UPSTREAM_KEY: ' brand-key ' })
        .upstream,
    ).toEqual({
      url: 'https://trace.example.vn/qrinfo-svc/api',
      key: 'brand-key',
      timeoutMs: 3000,
      cacheTtlSeconds: 30,
      breakerCooldownMs: 5000,
      unknownMax: 60,
      forwardClient: false,
    });
    expect(
      loadConfig({
        TRACE_UPSTREAM_URL: 'http://10.0.0.7:8080/api',
        TRACE_UPSTREAM_KEY: 'k',
        TRACE_UPSTREAM_TIMEOUT_MS: '1500',
        TRACE_UPSTREAM_CACHE_TTL_S: '0',
        TRACE_UPSTREAM_BREAKER_COOLDOWN_MS: '2000',
        TRACE_UPSTREAM_UNKNOWN_MAX: '20',
        TRACE_UPSTREAM_FORWARD_CLIENT: '1',
      }).upstream,
    ).toEqual({
      url: 'http://10.0.0.7:8080/api',
      key: 'k',
      timeoutMs: 1500,
      cacheTtlSeconds: 0,
      breakerCooldownMs: 2000,
      unknownMax: 20,
      forwardClient: true,
    });
    expect(() =>
      loadConfig({
        TRACE_UPSTREAM_URL: 'https://t.example.vn/api',
        TRACE_UPSTREAM_KEY: 'k',
        TRACE_UPSTREAM_FORWARD_CLIENT: 'yes',
      }),
    ).toThrow(/TRACE_UPSTREAM_FORWARD_CLIENT=yes: expected 1/);
    expect(() => loadConfig({ TRACE_UPSTREAM_URL: 'https://trace.example.vn/api' })).toThrow(
      /TRACE_UPSTREAM_URL is set without TRACE_UPSTREAM_KEY/,
    );
    expect(() => loadConfig({ TRACE_UPSTREAM_KEY: 'k' })).toThrow(
      /TRACE_UPSTREAM_KEY is set without TRACE_UPSTREAM_URL/,
    );
    expect(() => loadConfig({ TRACE_UPSTREAM_URL: 'ftp://trace.example.vn/api', TRACE_UPSTREAM_KEY: 'k' })).toThrow(
      /TRACE_UPSTREAM_URL: 'ftp:\/\/trace.example.vn\/api' is not an http\(s\) URL/,
    );
    expect(() =>
      loadConfig({
        TRACE_UPSTREAM_URL: 'https://trace.example.vn/api',
        TRACE_UPSTREAM_KEY: 'k',
        TRACE_UPSTREAM_TIMEOUT_MS: '0',
      }),
    ).toThrow(/TRACE_UPSTREAM_TIMEOUT_MS=0/);
    // In upstream mode the database holds only the lookup counts (issue 26): both may be set.
    expect(
      loadConfig({
        TRACE_UPSTREAM_URL: 'https://trace.example.vn/api',
        TRACE_UPSTREAM_KEY: 'k',
        DATABASE_URL: 'postgres://u@h/db',
      }).databaseUrl,
    ).toBe('postgres://u@h/db');
  });

  it('refuses an http:// upstream that is not loopback or private (the key in the clear) unless allowed, and shows no password', () => {
    const http = (url: string, env: Record<string, string> = {}) =>
      loadConfig({ TRACE_UPSTREAM_URL: url, TRACE_UPSTREAM_KEY: 'k', ...env }).upstream?.url;
    for (const url of ['http://trace.example.vn/api', 'http://203.0.113.7/api', 'http://[2001:db8::1]/api'])
      expect(() => http(url)).toThrow(
        /TRACE_UPSTREAM_URL: http:\/\/ to .* in the clear: use https.*TRACE_UPSTREAM_ALLOW_HTTP=1/,
      );
    for (const url of [
      'http://127.0.0.1:8081/api',
      'http://localhost/api',
      'http://10.1.2.3/api',
      'http://172.31.0.9/api',
      'http://192.168.1.2/api',
      'http://[::1]:8081/api',
      'http://[fd00::5]/api',
    ])
      expect(http(url)).toBe(url);
    expect(http('http://trace.example.vn/api', { TRACE_UPSTREAM_ALLOW_HTTP: '1' })).toBe('http://trace.example.vn/api');
    for (const [name, url] of [
      ['TRACE_UPSTREAM_URL', 'https://brand:s3cret-pw@trace.example.vn/api'],
      ['TRACE_UPSTREAM_URL', 'https://trace.example.vn/api?password=s3cret-pw'],
      ['CORS_ORIGINS', 'https://u:s3cret-pw@shop.example.com'],
      ['PUBLIC_ORIGIN', 'https://u:s3cret-pw@trace.example.com'],
      ['IMAGE_ORIGINS', 'https://u:s3cret-pw@images.example.com'],
      ['DATABASE_URL', 'mysql://u:s3cret-pw@h/db'],
      ['REDIS_URL', 'memcached://:s3cret-pw@h'],
    ] as const) {
      let error: unknown;
      try {
        loadConfig({ TRACE_UPSTREAM_KEY: 'k', TRACE_UPSTREAM_URL: 'https://t.example.vn/api', [name]: url });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(name);
      expect((error as ConfigError).message).not.toContain('s3cret-pw');
    }
  });

  it('refuses a staff key or the upstream key that is also a page key: the page ships its key', () => {
    expect(() => loadConfig({ TRACE_API_KEYS: 'page', STAFF_API_KEYS: 'desk,page' })).toThrow(
      /STAFF_API_KEYS: a staff key is also a page key/,
    );
    expect(() => loadConfig({ STAFF_API_KEYS: 'demo-key-change-me' })).toThrow(/STAFF_API_KEYS: a staff key is also/);
    expect(() =>
      loadConfig({
        TRACE_API_KEYS: 'page',
        TRACE_UPSTREAM_URL: 'https://t.example.vn/api',
        TRACE_UPSTREAM_KEY: 'page',
      }),
    ).toThrow(/TRACE_UPSTREAM_KEY is also a page key/);
    expect(loadConfig({ TRACE_API_KEYS: 'page', STAFF_API_KEYS: 'desk' }).staffApiKeys).toEqual(['desk']);
    for (const trusted of ['page', 'desk'])
      expect(() =>
        loadConfig({ TRACE_API_KEYS: 'page', STAFF_API_KEYS: 'desk', TRUSTED_CLIENT_KEYS: `front,${trusted}` }),
      ).toThrow(/TRUSTED_CLIENT_KEYS: a trusted key is also a page or staff key/);
    expect(loadConfig({ TRACE_API_KEYS: 'page', TRUSTED_CLIENT_KEYS: 'front-1, front-2' }).trustedClientKeys).toEqual([
      'front-1',
      'front-2',
    ]);
  });

  it('reads the counting settings (issue 26), and refuses bad ones', () => {
    expect(loadConfig({})).toMatchObject({
      checks: true,
      checksCautionNetworks: 5,
      checksWindowDays: 30,
      staffApiKeys: [],
    });
    expect(
      loadConfig({
        CHECKS: 'off',
        CHECKS_CAUTION_NETWORKS: '12',
        CHECKS_WINDOW_DAYS: '14',
        STAFF_API_KEYS: 'desk-1, desk-2',
      }),
    ).toMatchObject({
      checks: false,
      checksCautionNetworks: 12,
      checksWindowDays: 14,
      staffApiKeys: ['desk-1', 'desk-2'],
    });
    expect(() => loadConfig({ CHECKS: 'no', CHECKS_CAUTION_NETWORKS: '1' })).toThrow(
      /CHECKS=no: expected on \(count shoppers' lookups, the default\) or off[\s\S]*CHECKS_CAUTION_NETWORKS=1: expected a whole number from 2/,
    );
    // The setting it replaced (issue 36) stops the start and says what to set instead.
    expect(() => loadConfig({ CHECKS_CAUTION_DEVICES: '5' })).toThrow(
      'CHECKS_CAUTION_DEVICES was replaced by CHECKS_CAUTION_NETWORKS (distinct networks within CHECKS_WINDOW_DAYS days, default 5 in 30): rename it',
    );
  });

  it('reads the page path and picture limits, and refuses values out of range', () => {
    expect(
      loadConfig({ RENDER_CONCURRENCY_MAX: '2', IMAGE_RATE_LIMIT_MAX: '0', IMAGE_CACHE_BYTES: '1000' }),
    ).toMatchObject({
      renderConcurrencyMax: 2,
      imageRateLimitMax: 0,
      imageCacheBytes: 1000,
    });
    expect(() =>
      loadConfig({ RENDER_CONCURRENCY_MAX: '0', IMAGE_RATE_LIMIT_MAX: 'lots', IMAGE_CACHE_BYTES: '-5' }),
    ).toThrow(
      /RENDER_CONCURRENCY_MAX=0: expected a whole number from 1 to 10000[\s\S]*IMAGE_RATE_LIMIT_MAX=lots[\s\S]*IMAGE_CACHE_BYTES=-5/,
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      TRACE_DB: '/srv/trace.db',
      STATIC_DIR: '/srv/page',
      TRACE_API_KEYS: ' key-one , key-two ',
      CORS_ORIGINS: 'https://shop.example.com,http://localhost:5173',
      RATE_LIMIT_MAX: '0',
      RATE_LIMIT_WINDOW_MS: '1000',
      RATE_LIMIT_ADDRESSES: '50',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PUBLIC_ORIGIN: 'https://trace.example.com',
      REQUEST_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      DRAIN_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      IMAGE_ORIGINS: 'https://images.example.com, https://cdn.example.net:8443',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dbPath: '/srv/trace.db',
      staticDir: '/srv/page',
      apiKeys: ['key-one', 'key-two'],
      usingDemoKey: false,
      corsOrigins: ['https://shop.example.com', 'http://localhost:5173'],
      rateLimitMax: 0,
      rateLimitWindowMs: 1000,
      rateLimitAddresses: 50,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      publicOrigin: 'https://trace.example.com',
      requestTimeoutMs: 2000,
      keepAliveTimeoutMs: 65000,
      drainDelayMs: 0,
      logLevel: 'warn',
      imageOrigins: ['https://images.example.com', 'https://cdn.example.net:8443'],
    });
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes PostgreSQL from DATABASE_URL, and refuses anything but a postgres:// URL', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://trace:secret@db.internal:5432/trace' }).databaseUrl).toBe(
      'postgres://trace:secret@db.internal:5432/trace',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/trace' })).toThrow(/DATABASE_URL: expected postgres:\/\/user/);
  });

  it('refuses TRUST_PROXY=true, naming the safe forms instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would take any client's own X-Forwarded-For .* \(TRUST_PROXY=1 for one\) or their addresses/,
    );
  });

  it('refuses a hop-count TRUST_PROXY on a port others can reach, where anyone could write their own X-Forwarded-For', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' })).toThrow(
      /TRUST_PROXY=1 \(a hop count\) with HOST=0\.0\.0\.0: .* give the proxy's addresses instead \(e\.g\. TRUST_PROXY=10\.0\.0\.5/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '2', HOST: '10.0.1.11' })).toThrow(
      /TRUST_PROXY=2 \(a hop count\) with HOST=10\.0\.1\.11/,
    );
    // On loopback only a proxy on the same machine can connect; the address form is fine anywhere.
    for (const host of ['127.0.0.1', '::1', 'localhost'])
      expect(loadConfig({ TRUST_PROXY: '1', HOST: host }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5', HOST: '0.0.0.0' }).trustProxy).toEqual(['10.0.0.5']);
  });

  it('loads the demo data only when asked, and never on a deployed instance', () => {
    for (const deployed of [
      { PUBLIC_ORIGIN: 'https://trace.example.com', TRACE_API_KEYS: 'k' },
      { TRUST_PROXY: '10.0.0.5' },
      { NODE_ENV: 'production' },
      { HOST: '0.0.0.0' },
      { HOST: '10.0.0.5' },
    ]) {
      expect(() => loadConfig({ SEED_DEMO: '1', ...deployed })).toThrow(
        new RegExp(`SEED_DEMO=1 with ${Object.keys(deployed)[0]}.*never gets the public demo codes`),
      );
      expect(loadConfig(deployed).seedDemo).toBe(false);
    }
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO=yes: expected 1/);
  });

  it('refuses the published demo key on a public instance', () => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://trace.example.com' })).toThrow(
      /TRACE_API_KEYS is unset with PUBLIC_ORIGIN: a public instance must not accept the published demo key/,
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://trace.example.com', TRACE_API_KEYS: 'own-key' }).apiKeys).toEqual([
      'own-key',
    ]);
  });

  it('takes image hosts as https origins only', () => {
    let error: unknown;
    try {
      loadConfig({ IMAGE_ORIGINS: 'http://images.example.com,https://cdn.example.com/img,https:' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      "IMAGE_ORIGINS: 'http://images.example.com' is not an https origin like https://images.example.com",
      "IMAGE_ORIGINS: 'https://cdn.example.com/img' is not an https origin like https://images.example.com",
      "IMAGE_ORIGINS: 'https:' is not an https origin like https://images.example.com",
    ]);
  });

  it('reports every bad value at once, each with a clear message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        TRACE_API_KEYS: ' , ',
        CORS_ORIGINS: 'shop.example.com,https://ok.example.com/path',
        RATE_LIMIT_MAX: '-1',
        RATE_LIMIT_WINDOW_MS: '0',
        TRUST_PROXY: '10.0.0.0/33,proxy',
        PUBLIC_ORIGIN: 'http://trace.example.com',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'TRACE_API_KEYS is set but empty: give at least one key, or unset it to use the demo key',
      "CORS_ORIGINS: 'shop.example.com' is not an origin like https://shop.example.com",
      "CORS_ORIGINS: 'https://ok.example.com/path' is not an origin like https://shop.example.com",
      "PUBLIC_ORIGIN: 'http://trace.example.com' is not an https origin like https://trace.example.com",
      'LOG_LEVEL=loud: expected one of fatal, error, warn, info, debug, trace, silent',
      'PORT=eighty: expected a whole number from 0 to 65535',
      'RATE_LIMIT_MAX=-1: expected a whole number from 0 to 1000000000',
      'RATE_LIMIT_WINDOW_MS=0: expected a whole number from 1 to 86400000',
      "TRUST_PROXY: '10.0.0.0/33', 'proxy' is not false, a hop count or an IP address/CIDR list",
    ]);
  });

  it('reads the reports’ webhook (issue 41) and refuses it half set, in the clear to a public host, or with a weak secret', () => {
    const secret = 'a'.repeat(32);
    expect(
      loadConfig({ REPORT_WEBHOOK_URL: 'https://brand.example.vn/hooks/reports', REPORT_WEBHOOK_SECRET: secret })
        .reports.webhook,
    ).toEqual({
      url: 'https://brand.example.vn/hooks/reports',
      secret,
      retryMs: 5000,
      retryMaxMs: 900_000,
      timeoutMs: 10_000,
    });
    // The outbox's cap is gone with the outbox: a start that still sets it says so in one line (and starts).
    expect(loadConfig({ REPORT_WEBHOOK_OUTBOX_MAX: '10000' }).reports.replaced).toEqual([
      expect.stringMatching(/^REPORT_WEBHOOK_OUTBOX_MAX is no longer read: .* REPORTS_DAY_MAX/),
    ]);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ REPORT_WEBHOOK_SECRET: secret })[0]).toMatch(
      /^REPORT_WEBHOOK_SECRET is set without REPORT_WEBHOOK_URL/,
    );
    expect(problems({ REPORT_WEBHOOK_URL: 'http://brand.example.vn/hook', REPORT_WEBHOOK_SECRET: secret })[0]).toMatch(
      /^REPORT_WEBHOOK_URL: 'http:\/\/brand.example.vn\/hook' is not an https URL/,
    );
    expect(problems({ REPORT_WEBHOOK_URL: 'http://10.0.0.7/hook', REPORT_WEBHOOK_SECRET: secret })).toEqual([]);
    expect(
      problems({ REPORT_WEBHOOK_URL: 'https://brand.example.vn/hook', REPORT_WEBHOOK_SECRET: 'short' })[0],
    ).toMatch(/^REPORT_WEBHOOK_SECRET: give a random secret of at least 32 characters/);
    expect(problems({ REPORTS_PHOTO_KEEP_DAYS: '90', REPORTS_CLOSED_KEEP_DAYS: '30' })[0]).toMatch(
      /^REPORTS_CLOSED_KEEP_DAYS=30 is shorter than REPORTS_PHOTO_KEEP_DAYS=90/,
    );
  });
});

describe('GS1_GTINS and GS1_PIP_URL (issue 39)', () => {
  it('reads the product code → GTIN file, and names each bad line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs1-gtins-'));
    const file = join(dir, 'gtins.csv');
    writeFileSync(file, 'productCode,gtin\n# the cans\nSB900G,8930000000002\nST180ID,18930000000016\n');
    expect(loadConfig({ GS1_GTINS: file }).gs1.gtinsByProduct).toEqual(
      new Map([
        ['SB900G', '08930000000002'],
        ['ST180ID', '18930000000016'],
      ]),
    );
    writeFileSync(
      file,
      'SB900G,8930000000001\nST180ID,123\nSB400G,8930000000057\nSB400G,8930000000057\nSCU150,8930000000057\n',
    );
    const problems = (() => {
      try {
        loadConfig({ GS1_GTINS: file, GS1_PIP_URL: 'http://brand.example/{gtin}' });
      } catch (error) {
        return (error as ConfigError).message;
      }
      return '';
    })();
    for (const problem of [
      "GS1_GTINS line 1: gtin '8930000000001' has a wrong check digit (GS1 mod 10)",
      "GS1_GTINS line 2: expected productCode,gtin (a GTIN of 8, 12, 13 or 14 digits), got 'ST180ID,123'",
      'GS1_GTINS line 4: product SB400G is listed twice',
      'GS1_GTINS line 5: gtin 08930000000057 is already product SB400G',
      "GS1_PIP_URL: 'http://brand.example/{gtin}' is not an https URL",
    ])
      expect(problems).toContain(problem);
    rmSync(dir, { recursive: true, force: true });
  });
});
