import { createInterface } from 'node:readline';
import sharp from 'sharp';
import { REPORTS_URL_PATH } from '../../../src/contract/reports.ts';
import { API_KEY_HEADER } from '../../../src/contract/traceContract.ts';
import { percentile } from '../../support/bench/percentile.ts';

// bench:reports' shoppers (reportsBench.ts starts it once per service): on a `start <url>` line on standard input,
// reports at BENCH_REPORT_RATE a second to that origin (the service, or the decoy of reportDecoy.ts); on `stop`, one
// JSON line of what became of them. A process of its own, so the load generator measuring the lookups shares no
// thread with building and sending 300 KB bodies.
const KEY = process.env.API_KEY!;
const RATE = Number(process.env.BENCH_REPORT_RATE ?? 10);
const CODES = (process.env.CODES ?? '').split(',');

/** A phone photo after the page's canvas: noise (which JPEG cannot shrink much), 1200×900, quality 80. */
const noise = Buffer.alloc(1200 * 900 * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
const jpeg = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
  .blur(1.2)
  .jpeg({ quality: 80 })
  .toBuffer();
const photo = `data:image/jpeg;base64,${jpeg.toString('base64')}`;

let latencies: number[] = [];
let refused = 0;
/** Reports sent this round. */
let n = 0;
/**
 * Every report of the run, numbering its network and picking its code: never restarted between rounds, since a
 * network may report a given code once a day (a second round reusing them would be refused, and measure nothing).
 */
let serial = 0;
const sending = new Set<Promise<void>>();
let timer: NodeJS.Timeout | undefined;
/** Where this round's reports go. */
let origin = '';

function send(): void {
  n++;
  serial++;
  const started = performance.now();
  const body = JSON.stringify({
    code: CODES[serial % CODES.length],
    reason: 'mismatch',
    province: 'hoChiMinh',
    shop: `Bench shop ${n}`,
    boughtOn: new Date().toISOString().slice(0, 10),
    photo,
  });
  const sent = fetch(`${origin}${REPORTS_URL_PATH}`, {
    method: 'POST',
    // Each from a network of its own (the service trusts one proxy hop), as shoppers' are.
    headers: {
      'content-type': 'application/json',
      [API_KEY_HEADER]: KEY,
      'x-forwarded-for': `10.${(serial >> 8) & 255}.${serial & 255}.1`,
    },
    body,
  })
    .then(async (response) => {
      await response.arrayBuffer();
      if (response.status === 201) latencies.push(performance.now() - started);
      else refused++;
    })
    .catch(() => void refused++)
    .finally(() => sending.delete(sent));
  sending.add(sent);
}

createInterface({ input: process.stdin }).on('line', async (line) => {
  if (line.startsWith('start ')) {
    [latencies, refused, n, origin] = [[], 0, 0, line.slice('start '.length)];
    timer = setInterval(send, 1000 / RATE);
  } else if (line === 'stop') {
    clearInterval(timer);
    await Promise.all(sending);
    const kb = Math.round(jpeg.length / 1024);
    console.log(JSON.stringify({ sent: n, accepted: latencies.length, refused, p99: percentile(latencies, 99), kb }));
  }
});
console.log('ready to send reports');
