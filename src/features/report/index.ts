// What the support desk uses of the reports: the service's calls for staff (the shopper's form loads through
// ./onDemand.ts).
export { useCloseReportMutation, useStaffReportsQuery } from './reportsApi';
export { addReportTexts } from './reportTexts';
export type { ReportFailure } from './reportFailure';
