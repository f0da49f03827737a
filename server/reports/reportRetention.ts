import { daysBefore, vietnamDay } from '../../src/contract/vietnamDay.ts';
import type { ReportStore } from './reportStore.ts';

// How long reports are kept (README, Privacy): an open one until staff close it; a closed one keeps its photo
// REPORTS_PHOTO_KEEP_DAYS days and is deleted REPORTS_CLOSED_KEEP_DAYS days after it was closed, or once its webhook
// delivery has gone if that still waits then (never lost). Without a webhook (REPORT_WEBHOOK_URL removed since), no
// delivery will go: a report waiting for one is deleted on its day like any other. The day counts (reportDays.ts) go
// with the photos.

export interface RetentionRules {
  photoKeepDays: number;
  closedKeepDays: number;
  /** The brand's webhook, when one is set: then a closed report waits for its delivery before it is deleted. */
  webhook: unknown;
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** How often the purge runs: hourly is plenty for days. */
const PURGE_EVERY_MS = 3_600_000;

/** Deletes what is past its days on `today` (a Vietnam day): photos and reports closed that many days before. */
export function purgeReports(store: ReportStore, rules: RetentionRules, today: string) {
  return store.purge(
    daysBefore(today, rules.photoKeepDays),
    daysBefore(today, rules.closedKeepDays),
    rules.webhook !== undefined,
  );
}

/** Deletes what is past its days now, then every hour; returns the stop. */
export function keepReportsBounded(
  store: ReportStore,
  rules: RetentionRules,
  log: () => Log | undefined,
  now: () => number = Date.now,
): () => void {
  const purge = async () => {
    const today = vietnamDay(now());
    try {
      const { photos, reports } = await purgeReports(store, rules, today);
      if (photos + reports > 0)
        log()?.info(`reports kept bounded: ${photos} photos and ${reports} closed reports deleted`);
    } catch (error) {
      log()?.warn(`reports could not be purged now (${(error as Error).message}); tried again in an hour`);
    }
  };
  void purge();
  const timer = setInterval(() => void purge(), PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
