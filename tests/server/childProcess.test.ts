import { describe, expect, it } from 'vitest';
import { runProcess, startProcess } from '../support/system/childProcess.ts';

// The helper every process test and bench starts through: its failures must name what went wrong.
const node = (script: string) => [process.execPath, { args: ['-e', script] }] as const;

describe('startProcess', () => {
  it('resolves on the ready line, then finds past and future lines', async () => {
    const [command, options] = node(`
      console.log('booting');
      console.log('ready at http://127.0.0.1:1234');
      process.stdin.resume();
      process.stdin.on('data', () => console.log('later'));
      process.stdin.on('end', () => process.exit(0));
    `);
    const started = await startProcess(command, { ...options, ready: /^ready at (\S+)$/, stdin: 'pipe' });
    expect(started.ready[1]).toBe('http://127.0.0.1:1234');
    await expect(started.waitForLine(/^boot/)).resolves.toEqual(expect.arrayContaining(['boot']));
    const later = started.waitForLine(/^later$/);
    started.child.stdin!.write('go\n');
    await expect(later).resolves.toBeTruthy();
    started.child.stdin!.end();
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.lines).toEqual(['booting', 'ready at http://127.0.0.1:1234', 'later']);
  });

  it('rejects with the output when the process exits before its ready line', async () => {
    const [command, options] = node(`console.log('starting'); console.error('no database'); process.exit(3);`);
    await expect(startProcess(command, { ...options, ready: /ready/ })).rejects.toThrow(
      /exited \(code 3\) before printing \/ready\/:\nstarting\n\n\[stderr\]\nno database/,
    );
  });

  it('rejects at its deadline and leaves no process behind', async () => {
    const [command, options] = node(`console.log('pid ' + process.pid); setInterval(() => {}, 1000);`);
    const error: Error = await startProcess(command, { ...options, ready: /ready/, timeoutMs: 2000 }).catch(
      (caught) => caught,
    );
    expect(error.message).toMatch(/did not print \/ready\/ within 2000 ms/);
    const pid = Number(/pid (\d+)/.exec(error.message)?.[1]);
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });

  it('stop() kills with SIGKILL a process that ignores SIGTERM, once the grace is over', async () => {
    const [command, options] = node(
      `process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000);`,
    );
    const started = await startProcess(command, { ...options, ready: /^ready$/ });
    expect(await started.stop(300)).toEqual({ code: null, signal: 'SIGKILL' });
  });
});

describe('runProcess', () => {
  it('gives the exit code and both streams', async () => {
    const [command, options] = node(
      `process.stdout.write('out'); process.stderr.write('err\\n'); process.exitCode = 2;`,
    );
    expect(await runProcess(command, options)).toEqual({ code: 2, signal: null, stdout: 'out', stderr: 'err\n' });
  });

  it('kills a process that outlives its deadline and says so', async () => {
    const [command, options] = node(`console.log('stuck'); setInterval(() => {}, 1000);`);
    await expect(runProcess(command, { ...options, timeoutMs: 2000 })).rejects.toThrow(
      /did not exit within 2000 ms:\nstuck/,
    );
  });

  it('says so when the command does not exist', async () => {
    await expect(runProcess('/nonexistent/command')).rejects.toThrow(/could not start: .*ENOENT/);
  });
});
