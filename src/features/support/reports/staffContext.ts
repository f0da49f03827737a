import { createContext } from 'react';

/** The desk's staff key (empty when none is given) and the way to show a code's reports in the reports list. */
export interface StaffReports {
  staffKey: string;
  showCode: (code: string) => void;
}

export const StaffReportsContext = createContext<StaffReports>({ staffKey: '', showCode: () => undefined });
