import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HourglassEmpty from '@mui/icons-material/HourglassEmptyOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { codeLink } from '@/features/lookup';
import type { ExpiryStatus } from '@/shared/expiry/expiryStatus';
import { CODE_FONT } from '@/shared/codeFont';
import { linkSx } from '@/shared/linkSx';
import type { CheckedCode, Outcome, Suggestion } from './checkedCode';
import type { Phase } from './batchState';
import { CodeReports } from './reports/CodeReports';
import { expiryTones } from '@/shared/expiry/expiryTones';
import { statusTones } from '../../../theme/statusTones';

/** The code, linking to its shopper page, and what the customer sent when a suggestion replaced it. */
export function CodeCell({ row }: { row: CheckedCode }) {
  return (
    <>
      <Box
        component="a"
        href={codeLink(row.code)}
        target="_blank"
        rel="noopener"
        sx={{ ...linkSx, ...CODE_FONT, fontSize: '0.875rem', wordBreak: 'break-all' }}
      >
        {row.code}
      </Box>
      {row.sentAs && (
        <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
          <Trans
            i18nKey="support.correctedFrom"
            values={{ code: row.sentAs }}
            components={{ code: <Box component="span" sx={CODE_FONT} /> }}
          />
        </Typography>
      )}
      <CodeReports code={row.code} />
    </>
  );
}

const OUTCOME_LOOKS: Record<Outcome, { Icon: SvgIconComponent; color: string }> = {
  pending: { Icon: HourglassEmpty, color: 'text.secondary' },
  found: { Icon: CheckCircleOutline, color: statusTones.success.text },
  notFound: { Icon: HelpOutline, color: statusTones.warning.text },
  invalid: { Icon: ReportProblemOutlined, color: statusTones.warning.text },
  error: { Icon: ErrorOutline, color: statusTones.error.text },
};

export function OutcomeLabel({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const { Icon, color } = OUTCOME_LOOKS[outcome];
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color, fontWeight: 600 }}>
      <Icon fontSize="small" aria-hidden />
      {t(`support.outcome.${outcome}`)}
    </Box>
  );
}

const EXPIRY_ICONS: Record<ExpiryStatus['kind'], SvgIconComponent> = {
  valid: CheckCircleOutline,
  expiringSoon: WarningAmberOutlined,
  expired: ErrorOutline,
  unknown: HelpOutline,
};

/** The expiry status as the shopper page counts it, compact: an icon and the words, never colour alone. */
export function ExpiryLabel({ status, text }: { status: ExpiryStatus; text: string }) {
  const Icon = EXPIRY_ICONS[status.kind];
  const color = statusTones[expiryTones[status.kind]].text;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, color }}>
      <Icon fontSize="small" aria-hidden sx={{ mt: '1px' }} />
      <span>{text}</span>
    </Box>
  );
}

/** Shoppers' checks of the code; the caution in warning colour with its icon, never colour alone. */
export function ChecksLabel({ text, caution }: { text: string; caution: boolean }) {
  if (!caution) return <span>{text}</span>;
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'flex-start',
        gap: 0.5,
        color: statusTones.warning.text,
        fontWeight: 600,
      }}
    >
      <WarningAmberOutlined fontSize="small" aria-hidden sx={{ mt: '1px' }} />
      <span>{text}</span>
    </Box>
  );
}

/** Where the pack's Digital Link and the record disagree: the copy signal, in the error's colour, words first. */
export function MismatchLabel({ texts }: { texts: string[] }) {
  const { t } = useTranslation();
  if (texts.length === 0) return null;
  return (
    <Box sx={{ mt: 0.5, color: statusTones.error.text }}>
      <Box sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, fontWeight: 600 }}>
        <ErrorOutline fontSize="small" aria-hidden sx={{ mt: '1px' }} />
        <span>{t('gs1.mismatch.desk')}</span>
      </Box>
      {texts.map((text) => (
        <Typography key={text} variant="body2">
          {text}
        </Typography>
      ))}
    </Box>
  );
}

/** "Did you mean": the typo variants the service knows, each taken only when staff choose it. */
export function Suggestions({
  row,
  phase,
  onTake,
}: {
  row: CheckedCode;
  phase: Phase;
  onTake: (suggestion: Suggestion) => void;
}) {
  const { t } = useTranslation();
  if (row.suggestions === null) {
    // Every invalid row is one character off a code's length: extraction keeps no other.
    return phase === 'tryingVariants' && (row.outcome === 'notFound' || row.outcome === 'invalid') ? (
      <Typography variant="body2" color="textSecondary">
        {t('support.suggest.trying')}
      </Typography>
    ) : null;
  }
  if (row.suggestions.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        {t('support.suggest.none')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="body2" component="span">
        {t('support.suggest.title')}
      </Typography>
      {row.suggestions.map((suggestion) => (
        <Button
          key={suggestion.code}
          size="small"
          variant="outlined"
          onClick={() => onTake(suggestion)}
          sx={{ minHeight: 44, ...CODE_FONT, textTransform: 'none' }}
          aria-label={t('support.suggest.use', { code: suggestion.code })}
        >
          {suggestion.code}
        </Button>
      ))}
    </Box>
  );
}
