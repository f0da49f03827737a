import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { describeStorageFailure, openCheckStore, openReportStore, storageLocation } from '../db/openStorage.ts';
import { reportsCsv } from '../reports/reportsCsv.ts';
import { parseReportArgs, REPORT_USAGE, ReportArgsError, type ReportArgs } from './reportArgs.ts';
import { reportCsv } from '../checks/reportCsv.ts';
import { vietnamDay, vietnamDayEnd } from '../../src/contract/vietnamDay.ts';

// npm run report:codes -- --since 7d: the brand's protection team's CSV (server/checks/reportCsv.ts),
// from the database the service is configured with (DATABASE_URL, else TRACE_DB). `-- --clear CODE`
// forgets a code's networks and caution once the brand has looked into it (one line says what it cleared);
// `-- --reports` lists shoppers' reports of the period instead (server/reports/reportsCsv.ts).
let args: ReportArgs;
let config: Config;
try {
  args = parseReportArgs(process.argv.slice(2), Date.now());
  config = loadConfig();
} catch (error) {
  if (error instanceof ReportArgsError) {
    console.error(`${error.message}\n${REPORT_USAGE}`);
    process.exit(2);
  }
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
// A report never creates the database it reads.
if (config.databaseUrl === undefined && !existsSync(config.dbPath)) {
  console.error(`No database at ${config.dbPath}: set TRACE_DB (or DATABASE_URL) as the service has it`);
  process.exit(1);
}

// `-- --reports`: shoppers' reports sent in the period (issue 41), with their codes' facts.
if (args.reports) {
  try {
    const store = await openReportStore(config);
    try {
      const now = Date.now();
      // Reports are stored by the UTC hour; the period starts at the Vietnam day's midnight.
      const reports = await store.since(new Date(vietnamDayEnd(args.since) - 86_400_000).toISOString(), args.limit);
      const rules = { windowDays: config.checksWindowDays, cautionNetworks: config.checksCautionNetworks };
      process.stdout.write(reportsCsv(reports, rules, now));
    } finally {
      await store.close();
    }
  } catch (error) {
    const reason = describeStorageFailure(error);
    if (reason === undefined) throw error;
    console.error(`Cannot read the reports in ${storageLocation(config)}: ${reason}`);
    process.exit(1);
  }
} else await reportCounts();

async function reportCounts(): Promise<void> {
  try {
    const store = await openCheckStore(config);
    try {
      const rules = {
        today: vietnamDay(Date.now()),
        windowDays: config.checksWindowDays,
        cautionNetworks: config.checksCautionNetworks,
      };
      if (args.clear === undefined) process.stdout.write(reportCsv(await store.report(args.since, args.limit, rules)));
      else {
        const cleared = await store.clear(args.clear, rules);
        console.log(
          cleared === undefined
            ? `${args.clear}: no lookup counts to clear`
            : `${args.clear}: cleared ${cleared} networks of the last ${rules.windowDays} days and the caution (lookups kept)`,
        );
      }
    } finally {
      await store.close();
    }
  } catch (error) {
    const reason = describeStorageFailure(error);
    if (reason === undefined) throw error;
    console.error(`Cannot read the lookup counts in ${storageLocation(config)}: ${reason}`);
    process.exit(1);
  }
}
