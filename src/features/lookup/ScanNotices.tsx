import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ScanNotice } from './scanReading';

// Plain boxes in MUI Alert's colours: Alert and its icon set would add 4 kB gzip to the first load.
const TONE = {
  warning: { bgcolor: '#fff4e5', color: '#663c00', icon: 'warning.main' },
  info: { bgcolor: '#e5f6fd', color: '#014361', icon: 'info.main' },
};

/** What the page learned about the last scan: shown under the input until the visitor types or scans again. */
export function ScanNotices({ notices }: { notices: ScanNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {notices.map((notice) => {
        const warning = notice.key === 'scan.foreignHost';
        const tone = TONE[warning ? 'warning' : 'info'];
        const Icon = warning ? WarningAmberOutlined : InfoOutlined;
        return (
          <Box key={notice.key} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, borderRadius: 1, bgcolor: tone.bgcolor, color: tone.color }}>
            <Icon sx={{ color: tone.icon }} />
            <Typography>{warning ? t(notice.key, { host: notice.host }) : t(notice.key)}</Typography>
          </Box>
        );
      })}
    </Box>
  );
}
