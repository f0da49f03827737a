import HelpOutline from '@mui/icons-material/HelpOutlineOutlined?shape';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined?shape';
import { useTranslation } from 'react-i18next';
import { wireText } from '@/api/wireValues';
import type { Gs1LotBody, Gs1ProductBody } from '@/contract/gs1/gs1Contract';
import textStyles from '@/shared/styles/text.module.css';
import { Spinner } from '@/shared/ui/Spinner';
import type { AddressAsk } from '../addressCode';
import { MessageBox } from '../MessageBox';
import { RecallBanner } from '../result/RecallBanner';
import styles from './LinkLevelView.module.css';
import { useLinkLevelData } from './useLinkLevelData';

export type LinkLevelAsk = Extract<AddressAsk, { kind: 'lot' | 'product' }>;

const TITLE_ID = 'link-level-title';

/**
 * A Digital Link naming a lot or a product, not one pack: what the service knows of it (the lot's recall
 * status, the product's name), then the ask for the pack's own code, which alone tells one pack from a copy.
 */
export function LinkLevelView({ ask }: { ask: LinkLevelAsk }) {
  const { t } = useTranslation();
  const lot = ask.kind === 'lot' ? ask.lot : null;
  const data = useLinkLevelData(ask.gtin, lot);
  const askUnit = <p className={textStyles.body}>{t(lot === null ? 'gs1.product.askUnit' : 'gs1.lot.askUnit')}</p>;

  if (data.state === 'loading') {
    return (
      <div role="status" className={styles.loading}>
        <Spinner label={t('lookup.loading')} />
        <p className={textStyles.body}>{t('lookup.loading')}</p>
      </div>
    );
  }
  if (data.state !== 'found') {
    const unknown = data.state === 'unknown';
    return (
      <div className={styles.level}>
        <MessageBox role="alert" tone={unknown ? 'warning' : 'error'} icon={unknown ? HelpOutline : ErrorOutline} wrap>
          <p className={`${textStyles.body} ${textStyles.strong}`}>
            {unknown
              ? lot === null
                ? t('gs1.product.unknown', { gtin: ask.gtin })
                : t('gs1.lot.unknown', { lot })
              : t('errors.systemError')}
          </p>
        </MessageBox>
        {askUnit}
      </div>
    );
  }
  const { body } = data;
  const name = wireText(body.ProductName) ?? t('summary.nameMissing');
  const lotBody = 'Lot' in body ? (body as Gs1LotBody) : null;
  return (
    <section aria-labelledby={TITLE_ID} className={styles.level}>
      {lotBody?.LotStatus === 'recalled' && (
        <RecallBanner lot={{ status: 'recalled', reason: wireText(lotBody.RecallReason) }} />
      )}
      <div>
        <h2 id={TITLE_ID} className={textStyles.h2}>
          {name}
        </h2>
        <p className={`${textStyles.body} ${textStyles.secondary}`}>
          {lotBody
            ? t('gs1.lot.title', { lot: lotBody.Lot })
            : t('gs1.product.gtin', { gtin: (body as Gs1ProductBody).Gtin })}
        </p>
        {lotBody?.LotStatus === 'active' && <p className={textStyles.body}>{t('gs1.lot.active')}</p>}
      </div>
      {askUnit}
    </section>
  );
}
