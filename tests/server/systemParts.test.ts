import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runProcess } from '../support/system/childProcess.ts';

// `npm test` starts with scripts/system-parts.sh: the parts the tests drive and npm cannot install.
// A part goes missing here by leaving it off PATH (an empty folder): the script then sees a fresh machine.
const bin = mkdtempSync(join(tmpdir(), 'system-parts-'));
// A copy an ordinary user can read wherever the clone lies (a mktemp folder is its owner's alone).
const SCRIPT = join(bin, 'system-parts.sh');
copyFileSync(join(REPO_ROOT, 'scripts/system-parts.sh'), SCRIPT);
chmodSync(bin, 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const asRoot = process.getuid?.() === 0;
const run = (path: string, prefix: string[] = []) =>
  runProcess('/bin/bash', { args: [SCRIPT], env: { PATH: path }, prefix });

describe('scripts/system-parts.sh', () => {
  it('says nothing and lets the tests start when every part is there', async () => {
    const done = await run(process.env.PATH ?? '/usr/bin:/bin');
    expect(done).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('without root or sudo: stops at once with one line naming the part and its install command', async () => {
    // As an ordinary user where one can be taken (the tests run as root here and in CI).
    const prefix = asRoot ? ['/usr/bin/setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', '--'] : [];
    const done = await run(bin, prefix);
    expect(done.code).toBe(1);
    expect(done.stdout).toBe('');
    expect(done.stderr).toBe(
      'missing redis-server: the tests need them; install with: sudo apt-get install -y redis-server\n',
    );
  });
});
