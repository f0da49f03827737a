import { useTranslation } from 'react-i18next';
import textStyles from '@/shared/styles/text.module.css';
import { useRowText } from './result/useRowText';
import styles from './TraceResultTable.module.css';
import type { RowValue, TraceRow } from './traceRows';

const TITLE_ID = 'trace-result-title';

function Value({ value }: { value: RowValue }) {
  const { t } = useTranslation();
  const rowText = useRowText()(value);
  if (rowText === null) return <span className={styles.updating}>{t('result.updating')}</span>;
  return rowText;
}

// A native table with static styles: MUI's Table components add first-load JavaScript for no visible gain.
export function TraceResultTable({ rows }: { rows: TraceRow[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={TITLE_ID} className={styles.section}>
      <h2 id={TITLE_ID} className={`${textStyles.h2} ${styles.title}`}>
        {t('result.title')}
      </h2>
      <table aria-labelledby={TITLE_ID} className={styles.table}>
        <tbody>
          {rows.map(({ label, value }) => (
            <tr key={label}>
              <th scope="row">{t(label)}</th>
              <td className={label === 'result.qrCode' ? textStyles.code : undefined}>
                <Value value={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
