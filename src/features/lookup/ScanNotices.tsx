import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MessageBox } from './MessageBox';
import type { ScanNotice } from './scanReading';

/** What the page learned about the last scan: shown under the input until the visitor types or scans again. */
export function ScanNotices({ notices }: { notices: ScanNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {notices.map((notice) =>
        notice.key === 'scan.foreignHost' ? (
          <MessageBox key={notice.key} tone="warning" Icon={WarningAmberOutlined}>
            <Typography>{t(notice.key, { host: notice.host })}</Typography>
          </MessageBox>
        ) : (
          <MessageBox key={notice.key} tone="info" Icon={InfoOutlined}>
            <Typography>{t(notice.key)}</Typography>
          </MessageBox>
        ),
      )}
    </Box>
  );
}
