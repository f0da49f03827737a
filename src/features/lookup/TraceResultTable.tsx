import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRowText } from './result/useRowText';
import type { RowValue, TraceRow } from './traceRows';

const TITLE_ID = 'trace-result-title';

function Value({ value }: { value: RowValue }) {
  const { t } = useTranslation();
  const text = useRowText()(value);
  if (text === null) {
    return (
      <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
        {t('result.updating')}
      </Box>
    );
  }
  return text;
}

// A native table styled through sx: MUI's Table components add first-load JavaScript for no visible gain.
export function TraceResultTable({ rows }: { rows: TraceRow[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby={TITLE_ID}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper' }}
    >
      <Typography
        id={TITLE_ID}
        variant="h2"
        sx={{ px: 2, py: 1.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {t('result.title')}
      </Typography>
      <Box
        component="table"
        aria-labelledby={TITLE_ID}
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          tableLayout: 'fixed',
          '& th, & td': {
            typography: 'body2',
            px: 2,
            py: 1.25,
            textAlign: 'left',
            verticalAlign: 'top',
            overflowWrap: 'anywhere',
            borderTop: 1,
            borderColor: 'divider',
          },
          '& th': { width: '42%', fontWeight: 500, color: 'text.secondary' },
        }}
      >
        <tbody>
          {rows.map(({ label, value }) => (
            <tr key={label}>
              <th scope="row">{t(label)}</th>
              <td>
                <Value value={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
