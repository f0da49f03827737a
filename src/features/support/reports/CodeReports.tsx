import Button from '@mui/material/Button';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffReportsQuery } from '@/features/report';
import { StaffReportsContext } from './staffContext';

/**
 * Beside a code the desk looked up: how many shoppers' reports on it are open, a link to them in the list.
 * Nothing without a staff key (the desk's batch works for everyone; the reports are staff's only).
 */
export function CodeReports({ code }: { code: string }) {
  const { staffKey } = useContext(StaffReportsContext);
  if (staffKey === '') return null;
  return <OpenReportsOn code={code} staffKey={staffKey} />;
}

function OpenReportsOn({ code, staffKey }: { code: string; staffKey: string }) {
  const { t } = useTranslation();
  const { showCode } = useContext(StaffReportsContext);
  const { data } = useStaffReportsQuery({ staffKey, query: { status: 'open', code } });
  const count = data?.reports.length ?? 0;
  if (count === 0) return null;
  return (
    <Button
      size="small"
      color="warning"
      variant="outlined"
      onClick={() => showCode(code)}
      sx={{ mt: 0.5, minHeight: 36, display: 'flex', textTransform: 'none' }}
    >
      {t('support.reports.forCode', { count })}
    </Button>
  );
}
