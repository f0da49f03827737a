import { existsSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

// A reports writer whose first worker ends at its first call, as one that ran out of memory would
// (tests/server/reportStore.test.ts); every worker started after it is the real writer.

const marker = `${(workerData as { path: string }).path}.writer-crashed`;
if (existsSync(marker)) {
  await import('../../../server/db/sqlite/reportWriter.ts');
} else {
  writeFileSync(marker, '');
  parentPort!.once('message', () => process.exit(1));
}
