import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../support/system/childProcess.ts';

// `npm start` runs this build step between the page's build and the service: it must be where the
// npm script says and compress what @fastify/static will serve precompressed (routes/staticSite.ts).
describe('npm run server:precompress', () => {
  let dir: string;
  const bundle = 'const answer = "Sữa tươi";\n'.repeat(200);
  const styles = 'body { margin: 0; }\n'.repeat(100);
  let result: Awaited<ReturnType<typeof runProcess>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'index-abc123.js'), bundle);
    await writeFile(join(dir, 'assets', 'index-abc123.css'), styles);
    await writeFile(join(dir, 'after-first-paint.js'), 'void 0;\n');
    await writeFile(join(dir, 'logo.png'), Buffer.alloc(4096, 7));
    result = await runProcess('npm', { args: ['run', '--silent', 'server:precompress'], env: { STATIC_DIR: dir } });
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a .br and a .gz beside each compressible file of 1 KB or more, and says how many', async () => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`precompressed 2 files in ${dir}`);
    const js = join(dir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(bundle);
    expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(bundle);
    const css = join(dir, 'assets', 'index-abc123.css');
    expect(brotliDecompressSync(await readFile(`${css}.br`)).toString()).toBe(styles);
  });

  it('leaves small files and pictures as they are', async () => {
    expect((await readdir(dir)).sort()).toEqual(['after-first-paint.js', 'assets', 'logo.png']);
  });
});
