import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportListQuery } from '@/contract/reports';
import { useStaffReportsQuery, type ReportFailure } from '@/features/report';
import { ReportCard } from './ReportCard';

interface ReportsPageProps {
  staffKey: string;
  query: ReportListQuery;
  /** The first page says when there are none. */
  first: boolean;
  /** Set on the last page shown: asks for the page after it. */
  onMore?: (cursor: string) => void;
  onClosed: (reference: string) => void;
  onRefused: () => void;
}

/** One page of the list (50 at most), newest first, with "Show more" under the last one. */
export function ReportsPage({ staffKey, query, first, onMore, onClosed, onRefused }: ReportsPageProps) {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = useStaffReportsQuery({ staffKey, query });
  const failure = error as ReportFailure | undefined;
  const refused = failure?.key === 'report.errors.staffKey';
  useEffect(() => {
    if (refused) onRefused();
  }, [refused, onRefused]);
  if (refused) return null;
  if (failure) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void refetch()}>
            {t('support.reports.retry')}
          </Button>
        }
      >
        {t('support.reports.loadFailed')}
      </Alert>
    );
  }
  if (!data) return <CircularProgress aria-label={t('support.reports.title')} size={24} />;
  return (
    <>
      {first && data.reports.length === 0 && (
        <Alert severity="info" role="status">
          {t('support.reports.none')}
        </Alert>
      )}
      {data.reports.map((report) => (
        <ReportCard key={report.reference} report={report} staffKey={staffKey} onClosed={onClosed} />
      ))}
      {onMore && data.next && (
        <Button
          onClick={() => onMore(data.next!)}
          disabled={isFetching}
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        >
          {t('support.reports.more')}
        </Button>
      )}
    </>
  );
}
