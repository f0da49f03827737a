import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runProcess, startProcess, type RunningProcess } from './childProcess.ts';

// A throwaway PostgreSQL server for tests and benches: Debian's postgresql package (`.ci/run` installs
// it), a cluster in a temporary folder, listening on a free loopback port with its socket in that
// folder, removed when stopped. As real as the service's own database: nothing is mocked.

const DEBIAN_VERSIONS = '/usr/lib/postgresql';

/** Debian installs each major version under /usr/lib/postgresql/<version>/bin: the newest is used. */
function serverBinaries(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const versions = existsSync(DEBIAN_VERSIONS) ? readdirSync(DEBIAN_VERSIONS).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined)
    throw new Error(`no PostgreSQL server in ${DEBIAN_VERSIONS}: apt-get install postgresql (or set POSTGRES_BIN)`);
  return join(DEBIAN_VERSIONS, newest, 'bin');
}
const SUPERUSER = 'postgres';
/** Fast shutdown: disconnects clients, where the SIGTERM of `stop` would wait for every one. */
const STOP_TIMEOUT_MS = 10_000;
const START_ATTEMPTS = 3;

export interface PostgresServer {
  /** The superuser's connection to the `postgres` database, e.g. postgres://postgres@127.0.0.1:5433/postgres. */
  url: string;
  /** A new empty database; its URL is what DATABASE_URL takes. */
  createDatabase(): Promise<string>;
  dropDatabase(url: string): Promise<void>;
  /** Stops the server as an operator would (pg_ctl stop, fast mode), keeping its data folder. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same data folder and port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /**
   * Durability off (fsync, full-page writes): right for tests, whose cluster dies with them; a bench
   * that states PostgreSQL's import speed keeps the defaults.
   */
  durable?: boolean;
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` system user. */
async function runAs(): Promise<{ prefix: string[]; uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const ids = await runProcess('id', { args: ['-u', SUPERUSER] });
  const groups = await runProcess('id', { args: ['-g', SUPERUSER] });
  if (ids.code !== 0)
    throw new Error(`running as root, PostgreSQL needs the '${SUPERUSER}' system user: ${ids.stderr}`);
  // setpriv execs the command (so its pid and signals are the server's) and, should this process die
  // without stopping it, sends it the fast-shutdown signal.
  return {
    prefix: ['setpriv', `--reuid=${SUPERUSER}`, `--regid=${SUPERUSER}`, '--init-groups', '--pdeathsig=SIGINT', '--'],
    uid: Number(ids.stdout.trim()),
    gid: Number(groups.stdout.trim()),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let databases = 0;

/** A new empty database on the server of `adminUrl`; its URL is what DATABASE_URL takes. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `trace_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  await asAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** Drops it even while someone is still connected (a service a failed test left running). */
export async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await asAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export async function startPostgres({ durable = false }: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'trace-pg-'));
  let server: RunningProcess | undefined;
  try {
    const { prefix, uid, gid } = await runAs();
    if (uid !== undefined && gid !== undefined) chownSync(dir, uid, gid);
    const data = join(dir, 'data');
    const init = await runProcess(`${bin}/initdb`, {
      args: ['-D', data, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      prefix,
    });
    if (init.code !== 0) throw new Error(`initdb failed (is Debian's postgresql package installed?):\n${init.stderr}`);
    const settings = [
      `unix_socket_directories=${dir}`,
      'listen_addresses=127.0.0.1',
      'shared_buffers=128MB',
      'max_connections=200',
      ...(durable ? [] : ['fsync=off', 'full_page_writes=off', 'synchronous_commit=off']),
    ];
    // postgres logs to stderr; the shell hands it to stdout, where the ready line is watched for.
    const launch = (port: number) =>
      startProcess('sh', {
        args: [
          '-c',
          'exec "$0" "$@" 2>&1',
          `${bin}/postgres`,
          '-D',
          data,
          '-p',
          String(port),
          ...settings.flatMap((setting) => ['-c', setting]),
        ],
        prefix,
        ready: /database system is ready to accept connections/,
      });
    // The port is free when picked and taken when postgres binds it; another process may win in between.
    let port = 0;
    for (let attempt = 1; server === undefined; attempt++) {
      port = await freePort();
      try {
        server = await launch(port);
      } catch (error) {
        if (attempt === START_ATTEMPTS || !/could not bind|Address already in use/.test(String(error))) throw error;
      }
    }
    let running: RunningProcess | undefined = server;
    const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
    return {
      url,
      createDatabase: () => createDatabase(url),
      dropDatabase: (databaseUrl) => dropDatabase(url, databaseUrl),
      halt: async () => {
        const halted = await runProcess(`${bin}/pg_ctl`, {
          args: ['stop', '-D', data, '-m', 'fast', '-w'],
          prefix,
          timeoutMs: STOP_TIMEOUT_MS,
        });
        if (halted.code !== 0) throw new Error(`pg_ctl stop failed:\n${halted.stdout}${halted.stderr}`);
        await running?.exited;
        running = undefined;
      },
      restart: async () => {
        running ??= await launch(port);
      },
      stop: async () => {
        running?.child.kill('SIGINT');
        await running?.stop(STOP_TIMEOUT_MS);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The superuser URL of the server the `server` project's tests share (see `setup`). */
    postgresUrl: string;
  }
}

/**
 * Vitest globalSetup of the `server` project: one server for the whole run, where each test file
 * makes databases of its own (createDatabase). Stopped when the run ends, failed or not.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
