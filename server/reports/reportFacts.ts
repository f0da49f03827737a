import { reportFields, type ReportFacts, type StaffReport } from '../../src/contract/reports.ts';
import { vietnamDay } from '../../src/contract/vietnamDay.ts';
import { networksSince, windowStart } from '../checks/networkDays.ts';
import { isCarton } from '../domain/traceCode.ts';
import type { StoredReport } from './reportStore.ts';

/** How the caution is decided (the counting's settings). */
export interface CautionRules {
  windowDays: number;
  cautionNetworks: number;
}

/** The code's facts beside a report, as a lookup's counts would say them today. */
export function reportFacts({ facts }: StoredReport, rules: CautionRules, now: number): ReportFacts {
  const networks = networksSince(facts.networks, windowStart(vietnamDay(now), rules.windowDays));
  return {
    firstCheck: facts.firstDay,
    lookups: facts.lookups,
    networks,
    caution: facts.lot !== null && !isCarton(facts.lot) && networks >= rules.cautionNetworks,
    lot: facts.lot,
  };
}

/** A stored report as the desk reads it. */
export function staffReport(report: StoredReport, rules: CautionRules, now: number): StaffReport {
  return {
    ...reportFields(report),
    reference: report.reference,
    hasPhoto: report.hasPhoto,
    createdHour: report.createdHour,
    status: report.status,
    closedNote: report.closedNote,
    facts: reportFacts(report, rules, now),
  };
}
