import { useState } from 'react';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import { reportProblems, type ProvinceId, type ReportReason } from '@/contract/reports';
import { lastProvince } from './lastProvince';
import {
  DETAIL_FIELDS,
  NO_DETAILS,
  fieldErrors,
  submission,
  type FieldErrors,
  type ReportDetails,
} from './reportDraft';
import { useSendReportMutation } from './reportsApi';

type Step = { name: 'reason' } | { name: 'where'; reason: ReportReason } | { name: 'sent'; reference: string };

/** After the details unfold, the first field with a problem takes the focus (its message is read with it). */
function focusField(errors: FieldErrors) {
  const first = DETAIL_FIELDS.find((field) => errors[field]);
  if (!first) return;
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
}

/**
 * The report's steps and what the shopper filled in; sending checks it as the service will, first. `pack`: what the
 * pack's Digital Link printed, sent with it.
 */
export function useReportFlow(code: string, pack: PrintedPack | null = null) {
  const [step, setStep] = useState<Step>({ name: 'reason' });
  const [details, setDetails] = useState<ReportDetails>(NO_DETAILS);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [last, setLast] = useState(lastProvince.read);
  const [sendReport, { isLoading: sending }] = useSendReportMutation();

  const showProblems = (found: FieldErrors, general: string | null) => {
    setErrors(found);
    setFailure(general);
    if (Object.keys(found).length > 0) {
      setDetailsOpen(true);
      focusField(found);
    }
  };

  const send = async (province: ProvinceId) => {
    if (step.name !== 'where' || sending) return;
    const body = submission(code, step.reason, province, details, pack);
    const problems = reportProblems(body);
    if (problems.length > 0) {
      const found = fieldErrors(problems);
      // A problem with no detail field (the code itself) is the whole report's.
      const general = problems.find(({ field }) => !field || !(DETAIL_FIELDS as readonly string[]).includes(field));
      return showProblems(found, general?.key ?? null);
    }
    showProblems({}, null);
    const answer = await sendReport(body);
    if ('data' in answer && answer.data) {
      lastProvince.write(province);
      setLast(province);
      setStep({ name: 'sent', reference: answer.data.reference });
      return;
    }
    const error = 'error' in answer ? (answer.error as { key?: string; field?: string | null }) : undefined;
    const key = error?.key ?? 'report.errors.failed';
    const field = error?.field;
    if (field && (DETAIL_FIELDS as readonly string[]).includes(field)) showProblems({ [field]: key }, null);
    else showProblems({}, key);
  };

  return {
    step,
    details,
    detailsOpen,
    setDetailsOpen,
    errors,
    failure,
    sending,
    lastProvince: last,
    chooseReason: (reason: ReportReason) => setStep({ name: 'where', reason }),
    changeReason: () => setStep({ name: 'reason' }),
    editDetails: (change: Partial<ReportDetails>, clears: keyof ReportDetails) => {
      setDetails((current) => ({ ...current, ...change }));
      setErrors(({ [clears]: _cleared, ...rest }) => rest);
    },
    photoRefused: (key: string) => setErrors((current) => ({ ...current, photo: key })),
    send: (province: ProvinceId) => void send(province),
    reset: () => {
      setStep({ name: 'reason' });
      setDetails(NO_DETAILS);
      setDetailsOpen(false);
      setErrors({});
      setFailure(null);
    },
  };
}
