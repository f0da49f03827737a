import { useTranslation } from 'react-i18next';
import textStyles from '@/shared/styles/text.module.css';
import type { AddressAsk } from '../addressCode';

export type LinkLevelAsk = Extract<AddressAsk, { kind: 'lot' | 'product' }>;

/** A Digital Link naming a lot or a product, not one pack: what is known of it, then the ask for the pack's code. */
export default function LinkLevelView({ ask }: { ask: LinkLevelAsk }) {
  const { t } = useTranslation();
  return (
    <section>
      <p className={textStyles.body}>{t(ask.kind === 'lot' ? 'gs1.lot.askUnit' : 'gs1.product.askUnit')}</p>
    </section>
  );
}
