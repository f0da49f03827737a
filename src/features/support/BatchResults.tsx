import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Phase } from './batchState';
import type { CheckedCode, Suggestion } from './checkedCode';
import { ChecksLabel, CodeCell, ExpiryLabel, MismatchLabel, OutcomeLabel, Suggestions } from './RowParts';
import { useRowFacts } from './useRowFacts';

export interface BatchResultsProps {
  rows: CheckedCode[];
  phase: Phase;
  onTake: (index: number, suggestion: Suggestion) => void;
  onCopy: (row: CheckedCode) => void;
}

// Column shares of a laptop's width: the table wraps its words instead of scrolling sideways.
const COLUMNS = [
  ['support.table.code', '16%'],
  ['support.table.product', '17%'],
  ['support.table.unit', '8%'],
  ['support.table.expiry', '13%'],
  ['support.table.lot', '10%'],
  ['support.table.packing', '10%'],
  ['support.table.checks', '11%'],
  ['support.table.outcome', '9%'],
  ['support.table.reply', '6%'],
] as const;

/** One row per code: a table on a laptop, a list of cards on a phone (the other is not rendered visible). */
export function BatchResults({ rows, phase, onTake, onCopy }: BatchResultsProps) {
  const { t } = useTranslation();
  const factsOf = useRowFacts();
  const notGiven = (text: string | null | undefined) => text ?? t('support.notGiven');
  const updating = (text: string | null) => text ?? t('result.updating');
  const copyButton = (row: CheckedCode) => (
    <IconButton
      onClick={() => onCopy(row)}
      disabled={row.outcome === 'pending'}
      aria-label={t('support.reply.copyFor', { code: row.code })}
      sx={{ width: 44, height: 44 }}
    >
      <ContentCopy fontSize="small" />
    </IconButton>
  );

  return (
    <>
      <Table
        size="small"
        sx={{
          display: { xs: 'none', md: 'table' },
          tableLayout: 'fixed',
          '& td, & th': { px: 1, verticalAlign: 'top', overflowWrap: 'anywhere' },
        }}
      >
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }}>
          <Typography component="span" variant="h2" color="text.primary">
            {t('support.table.caption')}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            {COLUMNS.map(([key, width]) => (
              <TableCell key={key} scope="col" sx={{ width, fontWeight: 700 }}>
                {t(key)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => {
            const facts = factsOf(row);
            return (
              <TableRow key={`${index}-${row.code}`}>
                <TableCell component="th" scope="row">
                  <CodeCell row={row} />
                </TableCell>
                <TableCell>
                  {facts && updating(facts.name)}
                  {facts && <MismatchLabel texts={facts.mismatches} />}
                  <Suggestions row={row} phase={phase} onTake={(suggestion) => onTake(index, suggestion)} />
                </TableCell>
                <TableCell>{facts && updating(facts.unit)}</TableCell>
                <TableCell>{facts && <ExpiryLabel status={facts.expiry} text={facts.expiryText} />}</TableCell>
                <TableCell>{facts && notGiven(facts.lotText)}</TableCell>
                <TableCell>{facts && notGiven(facts.packingText)}</TableCell>
                <TableCell>
                  {facts && <ChecksLabel text={facts.checksText ?? t('support.notCounted')} caution={facts.caution} />}
                </TableCell>
                <TableCell>
                  <OutcomeLabel outcome={row.outcome} />
                </TableCell>
                <TableCell sx={{ py: 0 }}>{copyButton(row)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>

      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('support.table.caption')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {rows.map((row, index) => {
            const facts = factsOf(row);
            return (
              <Box
                component="li"
                key={`${index}-${row.code}`}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
              >
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    justifyContent: 'space-between',
                    columnGap: 2,
                    rowGap: 0.5,
                    alignItems: 'flex-start',
                  }}
                >
                  {/* A code is never broken across lines on a phone: the outcome moves below it instead. */}
                  <Box sx={{ minWidth: 0, '& a': { wordBreak: 'normal', whiteSpace: 'nowrap' } }}>
                    <CodeCell row={row} />
                  </Box>
                  <OutcomeLabel outcome={row.outcome} />
                </Box>
                {facts && <MismatchLabel texts={facts.mismatches} />}
                {facts && (
                  <Box
                    component="dl"
                    sx={{
                      m: 0,
                      mt: 1,
                      display: 'grid',
                      gridTemplateColumns: 'auto 1fr',
                      columnGap: 1.5,
                      rowGap: 0.5,
                      '& dt': { color: 'text.secondary' },
                      '& dd': { m: 0 },
                    }}
                  >
                    <dt>{t('support.table.product')}</dt>
                    <dd>{updating(facts.name)}</dd>
                    <dt>{t('support.table.unit')}</dt>
                    <dd>{updating(facts.unit)}</dd>
                    <dt>{t('support.table.expiry')}</dt>
                    <dd>
                      <ExpiryLabel status={facts.expiry} text={facts.expiryText} />
                    </dd>
                    <dt>{t('support.table.lot')}</dt>
                    <dd>{notGiven(facts.lotText)}</dd>
                    <dt>{t('support.table.packing')}</dt>
                    <dd>{notGiven(facts.packingText)}</dd>
                    <dt>{t('support.table.checks')}</dt>
                    <dd>
                      <ChecksLabel text={facts.checksText ?? t('support.notCounted')} caution={facts.caution} />
                    </dd>
                  </Box>
                )}
                <Box sx={{ mt: 1 }}>
                  <Suggestions row={row} phase={phase} onTake={(suggestion) => onTake(index, suggestion)} />
                </Box>
                <Button
                  size="small"
                  startIcon={<ContentCopy />}
                  onClick={() => onCopy(row)}
                  disabled={row.outcome === 'pending'}
                  sx={{ mt: 1, minHeight: 44 }}
                  aria-label={t('support.reply.copyFor', { code: row.code })}
                >
                  {t('support.reply.copy')}
                </Button>
              </Box>
            );
          })}
        </Box>
      </Box>
    </>
  );
}
