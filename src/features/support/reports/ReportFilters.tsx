import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PROVINCES, REPORT_REASONS, type ReportListQuery } from '@/contract/reports';
import { CODE_FONT } from '@/shared/codeFont';

/** The list's filters: province, reason, and the code a row of the batch asked for. */
export function ReportFilters({
  query,
  onQuery,
}: {
  query: ReportListQuery;
  onQuery: (query: ReportListQuery) => void;
}) {
  const { t, i18n } = useTranslation();
  const collator = new Intl.Collator(i18n.language);
  const provinceName = (id: string) => t(`report.provinces.${id}` as never);
  const provinces = [...PROVINCES].sort((a, b) => collator.compare(provinceName(a), provinceName(b)));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('support.reports.province')}
        value={query.province ?? ''}
        onChange={(event) => onQuery({ ...query, province: (event.target.value || undefined) as never })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{t('support.reports.all')}</MenuItem>
        {provinces.map((province) => (
          <MenuItem key={province} value={province}>
            {provinceName(province)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('support.reports.reason')}
        value={query.reason ?? ''}
        onChange={(event) => onQuery({ ...query, reason: (event.target.value || undefined) as never })}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">{t('support.reports.all')}</MenuItem>
        {REPORT_REASONS.map((reason) => (
          <MenuItem key={reason} value={reason}>
            {t(`report.reasons.${reason}`)}
          </MenuItem>
        ))}
      </TextField>
      {query.code && (
        <Chip
          label={query.code}
          onDelete={() => onQuery({ ...query, code: undefined })}
          sx={{ ...CODE_FONT, minHeight: 32 }}
        />
      )}
    </Box>
  );
}
