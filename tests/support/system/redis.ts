import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, type RunningProcess } from './childProcess.ts';

// A throwaway redis-server (Debian's `redis-server` package; `.ci/run` installs it) for tests that need
// a real shared store: loopback only, nothing written to disk, its folder removed when stopped.

const READY = /Ready to accept connections/;

export interface TestRedis {
  /** redis://127.0.0.1:<port>, for REDIS_URL. */
  url: string;
  port: number;
  process: RunningProcess;
  /** Stops the server (SIGTERM, then SIGKILL); the folder stays for a restart until `remove`. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with an empty data set. */
  restart(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): Promise<void>;
}

/** Redis cannot be told to pick its own port (`--port 0` turns TCP off), so one is found free first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function launch(port: number, dir: string): Promise<RunningProcess> {
  return startProcess('redis-server', {
    args: [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'notice',
    ],
    ready: READY,
    timeoutMs: 10_000,
  });
}

export async function startRedis(): Promise<TestRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'trace-redis-'));
  let port = 0;
  let running: RunningProcess | undefined;
  // Another process may take the port between the probe and redis binding it: try a few.
  for (let attempt = 0; running === undefined; attempt++) {
    port = await freePort();
    try {
      running = await launch(port, dir);
    } catch (error) {
      if (attempt === 2) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: running,
    stop: async () => {
      await redis.process.stop();
    },
    restart: async () => {
      await redis.process.stop();
      redis.process = await launch(port, dir);
    },
    remove: async () => {
      await redis.process.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return redis;
}
