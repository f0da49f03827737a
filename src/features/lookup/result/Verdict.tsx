import { ChecksCaution } from './ChecksCaution';
import { ExpiryBadge } from './ExpiryBadge';
import { PackMismatchNotice } from './PackMismatchNotice';
import { RecallBanner } from './RecallBanner';
import type { Verdict as VerdictOf } from './verdictOf';

const EXPIRY_TITLE_ID = 'expiry-verdict-title';

/** The result's one verdict block, first under the field: what to do with the pack in hand. */
export function Verdict({ verdict, hasPhoto }: { verdict: VerdictOf; hasPhoto: boolean }) {
  switch (verdict.kind) {
    case 'recalled':
      return <RecallBanner lot={verdict.lot} />;
    case 'mismatch':
      return <PackMismatchNotice mismatches={verdict.mismatches} />;
    case 'caution':
      return <ChecksCaution hasPhoto={hasPhoto} />;
    case 'expiry':
      return <ExpiryBadge status={verdict.expiry} titleId={EXPIRY_TITLE_ID} />;
  }
}
