import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
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
          <MessageBox key={notice.key} tone="warning" Icon={WarningAmberOutlined}>
            <p className={textStyles.body}>{t(notice.key, { host: notice.host })}</p>
          </MessageBox>
        ) : (
          <MessageBox key={notice.key} tone="info" Icon={InfoOutlined}>
            <p className={textStyles.body}>{t(notice.key)}</p>
          </MessageBox>
        ),
      )}
    </div>
  );
}
