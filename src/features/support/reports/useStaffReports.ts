import { useMemo, useState } from 'react';
import type { ReportListQuery } from '@/contract/reports';
import { REPORTS_PANEL_ID } from './ReportsPanel';
import { staffKeyStore } from './staffKey';
import type { StaffReports } from './staffContext';

/** The desk's staff key (kept in this tab's session) and the reports list's filters, shared with the batch's rows. */
export function useStaffReports() {
  const [staffKey, setStaffKey] = useState(staffKeyStore.read);
  const [query, setQuery] = useState<ReportListQuery>({});
  const giveKey = (key: string) => {
    staffKeyStore.write(key);
    setStaffKey(key);
  };
  const context = useMemo<StaffReports>(
    () => ({
      staffKey,
      showCode: (code) => {
        setQuery({ code });
        const panel = document.getElementById(REPORTS_PANEL_ID);
        panel?.scrollIntoView({ block: 'start' });
        panel?.focus({ preventScroll: true });
      },
    }),
    [staffKey],
  );
  return { context, staffKey, giveKey, query, setQuery };
}
