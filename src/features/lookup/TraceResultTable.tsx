import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RowValue, TraceRow } from './traceRows';

const TITLE_ID = 'trace-result-title';

function Value({ value }: { value: RowValue }) {
  const { t } = useTranslation();
  if (value === null) {
    return (
      <Typography component="span" variant="inherit" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
        {t('result.updating')}
      </Typography>
    );
  }
  return 'text' in value ? value.text : t(value.i18nKey, value.params as TOptions);
}

export function TraceResultTable({ rows }: { rows: TraceRow[] }) {
  const { t } = useTranslation();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={TITLE_ID} sx={{ overflow: 'hidden' }}>
      <Typography id={TITLE_ID} variant="h2" sx={{ px: 2, py: 1.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        {t('result.title')}
      </Typography>
      <Table size="small" aria-labelledby={TITLE_ID} sx={{ tableLayout: 'fixed' }}>
        <TableBody>
          {rows.map(({ label, value }) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ width: '42%', color: 'text.secondary' }}>
                {t(label)}
              </TableCell>
              <TableCell>
                <Value value={value} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
