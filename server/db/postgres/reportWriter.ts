import { workerData } from 'node:worker_threads';
import { answerReportCalls } from '../reportWorker.ts';
import { openPostgresReportStore } from './reportStore.ts';

// The worker thread that holds the reports' PostgreSQL pool (./reportWorker.ts starts it).
answerReportCalls(openPostgresReportStore((workerData as { url: string }).url));
