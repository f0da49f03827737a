import InfoOutlined from '@mui/icons-material/InfoOutlined?shape';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined?shape';
import { useTranslation } from 'react-i18next';
import textStyles from '@/shared/styles/text.module.css';
import { MessageBox } from './MessageBox';
import styles from './ScanNotices.module.css';
import type { ScanNotice } from './scanReading';

/** What the page learned about the last scan: shown under the input until the visitor types or scans again. */
export function ScanNotices({ notices }: { notices: ScanNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <div role="status" className={styles.notices}>
      {notices.map((notice) =>
        notice.key === 'scan.foreignHost' ? (
          <MessageBox key={notice.key} tone="warning" icon={WarningAmberOutlined}>
            <p className={textStyles.body}>{t(notice.key, { host: notice.host })}</p>
          </MessageBox>
        ) : (
          <MessageBox key={notice.key} tone="info" icon={InfoOutlined}>
            <p className={textStyles.body}>{t(notice.key)}</p>
          </MessageBox>
        ),
      )}
    </div>
  );
}
