import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { linkSx } from '@/shared/linkSx';
import { codeLink } from '../codeLink';

/** A carton can hold hundreds: the first ones show, the rest on request. */
export const UNITS_SHOWN_FIRST = 10;
const TITLE_ID = 'unit-list-title';

/** The codes of the units in a carton, each a link that looks it up. */
export function UnitCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const firstRevealed = useRef<HTMLAnchorElement>(null);
  const shown = showAll ? codes : codes.slice(0, UNITS_SHOWN_FIRST);

  // The button that was pressed is gone: focus goes on to the first code it revealed.
  useEffect(() => {
    if (showAll) firstRevealed.current?.focus();
  }, [showAll]);

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={TITLE_ID} variant="h2">
        {t('labels.canList')}
      </Typography>
      <Box
        component="ul"
        sx={{
          m: 0,
          px: 2,
          py: 0.5,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
          columnGap: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      >
        {shown.map((code, index) => (
          <li key={code}>
            <Box
              component={Link}
              ref={index === UNITS_SHOWN_FIRST ? firstRevealed : undefined}
              to={codeLink(code)}
              sx={[linkSx, { display: 'inline-flex', alignItems: 'center', minHeight: 44, overflowWrap: 'anywhere' }]}
            >
              {code}
            </Box>
          </li>
        ))}
      </Box>
      {!showAll && codes.length > UNITS_SHOWN_FIRST && (
        <Button variant="outlined" onClick={() => setShowAll(true)} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
          {t('summary.showAllUnits', { count: codes.length })}
        </Button>
      )}
    </Box>
  );
}
