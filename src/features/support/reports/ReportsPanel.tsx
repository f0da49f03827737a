import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportListQuery } from '@/contract/reports';
import { ReportFilters } from './ReportFilters';
import { ReportsPage } from './ReportsPage';
import { StaffKeyForm } from './StaffKeyForm';

export const REPORTS_PANEL_ID = 'shopper-reports';

interface ReportsPanelProps {
  staffKey: string;
  onStaffKey: (key: string) => void;
  query: ReportListQuery;
  onQuery: (query: ReportListQuery) => void;
}

/**
 * The desk's list of shoppers' open reports, for staff only: without a staff key (or with one the service
 * refuses) it asks for the key and shows nothing of any report.
 */
export function ReportsPanel({ staffKey, onStaffKey, query, onQuery }: ReportsPanelProps) {
  const { t } = useTranslation();
  // The cursors of the pages shown: the first page has none.
  const [cursors, setCursors] = useState<string[]>(['']);
  const [refused, setRefused] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const filter = (next: ReportListQuery) => {
    setCursors(['']);
    onQuery(next);
  };

  return (
    <Box
      component="section"
      id={REPORTS_PANEL_ID}
      aria-labelledby={`${REPORTS_PANEL_ID}-title`}
      tabIndex={-1}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, outline: 'none' }}
    >
      <Typography id={`${REPORTS_PANEL_ID}-title`} variant="h2">
        {t('support.reports.title')}
      </Typography>
      {staffKey === '' || refused ? (
        <>
          {/* Asking for the key is no alert: it is what the desk says until staff give one. */}
          <Alert severity={refused ? 'error' : 'info'} role={refused ? 'alert' : 'status'}>
            {refused ? t('support.reports.refused') : t('support.reports.noKey')}
          </Alert>
          <StaffKeyForm
            onKey={(key) => {
              setRefused(false);
              onStaffKey(key);
            }}
          />
        </>
      ) : (
        <>
          <Typography>{t('support.reports.intro')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
            <ReportFilters query={query} onQuery={filter} />
            <Button onClick={() => onStaffKey('')} sx={{ minHeight: 44 }}>
              {t('support.reports.forgetKey')}
            </Button>
          </Box>
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {closed && t('support.reports.closed', { reference: closed })}
          </Typography>
          {cursors.map((cursor, index) => (
            <ReportsPage
              key={`${JSON.stringify(query)}:${cursor}`}
              staffKey={staffKey}
              query={{ ...query, status: 'open', ...(cursor && { cursor }) }}
              first={index === 0}
              onMore={index === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : undefined}
              onClosed={setClosed}
              onRefused={() => setRefused(true)}
            />
          ))}
        </>
      )}
    </Box>
  );
}
