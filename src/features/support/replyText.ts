import type { TFunction } from 'i18next';
import { formatDay } from '@/i18n/formatDay';
import { expiryText, type ExpiryWording } from '@/i18n/expiryText';
import { codeLink } from '@/features/lookup';
import type { CheckedCode } from './checkedCode';
import { cartonHolds, rowFacts } from './rowFacts';

export interface ReplyContext {
  /** A catalogue fixed to the reply's language, whatever the page's. */
  t: TFunction;
  language: string;
  now: Date;
  /** The page's origin, so the link in the reply opens the shopper page. */
  origin: string;
}

// A support reply's sentences, addressed to the customer.
const REPLY_WORDING: ExpiryWording = {
  valid: 'support.reply.valid',
  soon: 'support.reply.soon',
  today: 'support.reply.today',
  expired: 'support.reply.expired',
  unknown: 'support.reply.expiryUnknown',
};

function foundLines(row: CheckedCode, context: ReplyContext): string[] {
  const { t, language, now, origin } = context;
  if (!row.result) return [];
  const facts = rowFacts(row.result, t, language, now, row.pack);
  const { lot, carton } = row.result.extras;
  const { checks } = row.result;
  // Mid-sentence, the unit is a common noun: '(lon)', '(can)', not the summary's stand-alone 'Lon'.
  const unit = facts.unit?.toLocaleLowerCase(language) ?? t('support.reply.unitMissing');
  const lines = [t('support.reply.product', { code: row.code, name: facts.name ?? t('support.reply.unnamed'), unit })];
  if (row.sentAs) lines.push(t('support.reply.corrected', { sent: row.sentAs, code: row.code }));
  // What matters for safety first: in a chat bubble the lines after the product may never be read.
  if (lot?.status === 'recalled') {
    lines.push(
      lot.reason ? t('support.reply.recalledWithReason', { reason: lot.reason }) : t('support.reply.recalled'),
    );
  }
  // The pack's own code contradicting the record: said in the same words as the shopper's page.
  lines.push(...facts.mismatches);
  if (checks?.caution) lines.push(t('support.reply.caution'));
  const missing = t('support.reply.dateMissing');
  lines.push(
    t('support.reply.dates', { mfg: facts.mfg ?? missing, exp: facts.exp ?? missing }),
    expiryText(facts.expiry, t, language, REPLY_WORDING),
  );
  if (lot?.status === 'active') lines.push(t('support.reply.lotActive'));
  if (carton) lines.push(t('support.reply.inCarton', { carton: carton.code }));
  const holds = cartonHolds(row.result);
  if (holds !== null) lines.push(t('support.reply.holds', { count: holds }));
  // The unit codes on record stay in the table and the CSV: the customer asked about the carton, not our records.
  if (checks && checks.lookups > 0) {
    lines.push(t('support.reply.checks', { date: formatDay(checks.firstDay, language), count: checks.lookups }));
  }
  lines.push(t('support.reply.link', { link: new URL(codeLink(row.code), origin).href }));
  return lines;
}

function paragraph(row: CheckedCode, context: ReplyContext): string | null {
  const { t } = context;
  switch (row.outcome) {
    case 'pending':
      return null;
    case 'found':
      return foundLines(row, context).join('\n');
    case 'notFound':
      return t('support.reply.notFound', { code: row.code });
    case 'invalid':
      return t('support.reply.invalid', { code: row.code });
    case 'error':
      return t('support.reply.error', { code: row.code });
  }
}

/**
 * A ready answer for the chat about these codes, in the context's language: a greeting, one paragraph
 * per answered code, and a closing, as a support agent writes it. Codes still being looked up are left out.
 */
export function replyText(rows: CheckedCode[], context: ReplyContext): string {
  const paragraphs = rows.map((row) => paragraph(row, context)).filter((text): text is string => text !== null);
  return [context.t('support.reply.greeting'), ...paragraphs, context.t('support.reply.closing')].join('\n\n');
}
