import { createHmac } from 'node:crypto';
import { reportFields, reportPhotoPath, type StaffReport } from '../../src/contract/reports.ts';
import { TRACE_API_BASE_PATH } from '../../src/contract/traceContract.ts';
import type { ReportWebhookConfig } from '../config.ts';
import type { Delivery, ReportStore, WaitingReport } from './reportStore.ts';

// Each new report is POSTed as JSON to the brand's system (REPORT_WEBHOOK_URL), signed with
// REPORT_WEBHOOK_SECRET. Its delivery is state on the report's own row (delivery_due, written with the report), so
// a report is never stored without it and none is ever dropped; it goes after the shopper's answer has gone, by
// whichever instance claims it first, its JSON built from the row as it is then (a closed case's phone number is
// gone from it). A receiver that is down gets it later: each failure waits twice as long as the last, up to a cap,
// for as long as it takes (docs/deploy.md says how the brand verifies a delivery).

/** Unix seconds of the delivery, in the signed text: the brand refuses one too old (a replay). */
export const TIMESTAMP_HEADER = 'X-Report-Timestamp';
/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` under the shared secret. */
export const SIGNATURE_HEADER = 'X-Report-Signature';
/** The report's reference, the same on every attempt: a delivery may come twice, the brand keeps one. */
export const DELIVERY_HEADER = 'X-Report-Reference';

/**
 * What the brand's system receives: the report as the shopper sent it, without the photo's bytes (the desk's
 * photo route, with a staff key, serves them at `photoPath`).
 */
export type WebhookReport = Omit<StaffReport, 'status' | 'closedNote' | 'facts'> & { photoPath: string | null };

/** The JSON the brand's system receives for a report whose delivery is due. */
export function webhookBody(report: WaitingReport): string {
  const sent: WebhookReport = {
    reference: report.reference,
    ...reportFields(report),
    hasPhoto: report.hasPhoto,
    photoPath: report.hasPhoto ? `${TRACE_API_BASE_PATH}${reportPhotoPath(report.reference)}` : null,
    createdHour: report.createdHour,
  };
  return JSON.stringify(sent);
}

export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The wait before the next attempt after `attempts` failed ones. */
export function backoffMs(attempts: number, retryMs: number, retryMaxMs: number): number {
  return Math.min(retryMaxMs, retryMs * 2 ** Math.min(attempts - 1, 30));
}

interface Log {
  warn(message: string): void;
}

/** Deliveries claimed at once. */
const BATCH = 10;
/** What a claim's lease leaves beyond its deliveries' own deadlines. */
const LEASE_MARGIN_MS = 60_000;

/**
 * How long a claimed batch is left to its sender before another process may take it: long enough for each of its
 * deliveries to reach its deadline one after the other (a receiver that hangs), so two instances never send one
 * delivery at the same time; a batch whose instance died waits that long.
 */
export const leaseMs = (timeoutMs: number) => LEASE_MARGIN_MS + BATCH * timeoutMs;
/** How often the deliveries are read when nothing is known to be due (another instance's report, a restart). */
const IDLE_POLL_MS = 30_000;

/**
 * Sends the due deliveries, one at a time, now (`nudge`, after a report) and whenever the next one falls
 * due. Stopped by `stop`, which waits for a delivery in progress.
 */
export class WebhookSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Cuts a delivery in flight short when the service stops: a hanging receiver must not hold the shutdown. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: ReportStore,
    private readonly settings: ReportWebhookConfig,
    private readonly log: () => Log | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the due deliveries soon: a report was just stored. Never waits for the delivery. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopping.abort();
    await this.running;
  }

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    try {
      for (;;) {
        const due = await this.store.claimDue(this.now(), leaseMs(this.settings.timeoutMs), BATCH);
        if (due.length === 0 || this.stopped) break;
        for (const delivery of due) await this.send(delivery);
      }
      const next = await this.store.nextDue();
      this.schedule(next === undefined ? IDLE_POLL_MS : Math.max(0, next - this.now()));
    } catch (error) {
      // The database away: tried again later, nothing lost (the deliveries wait on their reports).
      this.log()?.warn(`report webhook: the due deliveries could not be read (${(error as Error).message})`);
      this.schedule(this.settings.retryMs);
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.nudge(), Math.min(ms, IDLE_POLL_MS));
    this.timer.unref();
  }

  private async send({ report, attempts }: Delivery): Promise<void> {
    const timestamp = Math.floor(this.now() / 1000);
    const body = webhookBody(report);
    let failure: string | undefined;
    try {
      const response = await fetch(this.settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signature(this.settings.secret, timestamp, body),
          [DELIVERY_HEADER]: report.reference,
        },
        body,
        redirect: 'error',
        signal: AbortSignal.any([AbortSignal.timeout(this.settings.timeoutMs), this.stopping.signal]),
      });
      await response.body?.cancel();
      if (!response.ok) failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : String(error);
    }
    if (failure === undefined) return this.store.delivered(report.reference);
    const wait = backoffMs(attempts, this.settings.retryMs, this.settings.retryMaxMs);
    await this.store.retryAt(report.reference, this.now() + wait);
    this.log()?.warn(
      `report webhook: ${report.reference} not delivered (${failure}), attempt ${attempts}; next in ${Math.round(wait / 1000)} s`,
    );
  }
}
