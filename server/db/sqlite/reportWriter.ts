import { workerData } from 'node:worker_threads';
import { answerReportCalls } from '../reportWorker.ts';
import { openSqliteReportStore } from './reportStore.ts';

// The worker thread that holds the reports' SQLite connection (./reportWorker.ts starts it).
answerReportCalls(openSqliteReportStore((workerData as { path: string }).path));
