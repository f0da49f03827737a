import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export interface TraceServer {
  /** e.g. http://127.0.0.1:41234 — loopback counts as a secure context, so the camera is allowed. */
  url: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface TraceServerOptions {
  /** The built page to serve; `npm run build` writes dist/. */
  staticDir?: string;
  /** Extra environment, e.g. TRACE_API_KEYS. The database is always a fresh temporary file. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /**
   * Data files loaded into the fresh database with `npm run import` (server/import/cli.ts) before the
   * server starts, instead of the demo seed (the server seeds only a database that does not exist yet).
   */
  importFiles?: string[];
}

/** A free loopback port, released just before the server binds it. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the real trace service (`server/main.ts`, as `npm run serve` does) in its own process with a
 * fresh database seeded from the demo data, serving the built page, and waits until it answers.
 */
export async function startTraceServer({
  staticDir = join(REPO_ROOT, 'dist'),
  env = {},
  startTimeoutMs = 30_000,
  importFiles = [],
}: TraceServerOptions = {}): Promise<TraceServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'trace-e2e-'));
  for (const file of importFiles) await importData(join(dataDir, 'trace.db'), file);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRACE_DB: join(dataDir, 'trace.db'),
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, output: () => output, stop };
    await new Promise((resolveWait) => setTimeout(resolveWait, 100)); // polling the port, not waiting on the page
  }
  await stop();
  throw new Error(`The trace server did not answer at ${url} within ${startTimeoutMs} ms:\n${output}`);
}

/** Runs the import command (as `npm run import -- <file>` does) into `dbPath`; rejects on any bad row. */
async function importData(dbPath: string, file: string): Promise<void> {
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['server/import/cli.ts', file], {
    cwd: REPO_ROOT,
    env: { ...process.env, TRACE_DB: dbPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolveExit, reject) => {
    child.once('error', reject);
    child.once('exit', resolveExit);
  });
  if (code !== 0) throw new Error(`npm run import -- ${file} failed (exit ${code}):\n${output}`);
}
