// The report form, for the lookup page to load on the shopper's tap (React.lazy): MUI and the form stay out of
// the first load.
export { ReportDialog } from './ReportDialog';
