import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { productName, traceItem, type TraceResult } from '@/api/traceResult';
import { languageOf } from '@/i18n/i18n';
import { expiryStatus } from '@/shared/expiry/expiryStatus';
import { linkSx } from '@/shared/linkSx';
import { brand } from '../../../../theme/brand';
import { codeLink } from '../codeLink';
import { ShareButton } from '../share/ShareButton';
import { unitName } from '../traceRows';
import { ChecksCaution } from './ChecksCaution';
import { checksLine, checksSummary } from './checksText';
import { ExpiryBadge } from './ExpiryBadge';
import { ProductPhoto } from './ProductPhoto';
import { useRowText } from './useRowText';

const NAME_ID = 'result-name';

/** What a shopper reads in one second, above the table: the product, the code's standing, its expiry. */
export function ResultSummary({ result, answeredAt }: { result: TraceResult; answeredAt: number }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const rowText = useRowText();
  const item = traceItem(result);
  const name = productName(result);
  const unit = rowText(unitName(item.ProductUnit));
  const code = String(item.Code ?? '');
  const { imageUrl, carton } = result.extras;
  const { checks } = result;

  return (
    <Box
      component="section"
      aria-labelledby={NAME_ID}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {imageUrl && (
          <ProductPhoto url={imageUrl} alt={name ? t('summary.photoAlt', { name }) : t('summary.photoAltUnnamed')} />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={NAME_ID}
            variant="h2"
            sx={{ fontSize: '1.375rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {name ?? t('summary.nameMissing')}
          </Typography>
          {unit && (
            <Typography color="text.secondary" sx={{ mt: 0.25 }}>
              {unit}
            </Typography>
          )}
        </Box>
      </Box>
      <Typography sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TaskAltOutlined fontSize="small" color="primary" sx={{ mt: '2px', flexShrink: 0 }} />
        {t('summary.statusLine', { brand: brand.name })}
      </Typography>
      {checks && (
        <Typography sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: -0.5 }}>
          <DevicesOutlined fontSize="small" color="action" sx={{ mt: '2px', flexShrink: 0 }} />
          {checksLine(checks, t, language)}
        </Typography>
      )}
      {checks?.caution && <ChecksCaution hasPhoto={imageUrl !== null} />}
      <ExpiryBadge status={expiryStatus(item.ExpireDate, new Date(answeredAt))} />
      {carton && (
        <Box
          component={Link}
          to={codeLink(carton.code)}
          sx={[linkSx, { alignSelf: 'flex-start', py: 1, overflowWrap: 'anywhere' }]}
        >
          {carton.unitCount === null
            ? t('summary.inCartonUncounted', { carton: carton.code })
            : t('summary.inCarton', { carton: carton.code, count: carton.unitCount })}
        </Box>
      )}
      <ShareButton code={code} name={name ?? code} text={checks ? checksSummary(checks, t, language) : undefined} />
    </Box>
  );
}
