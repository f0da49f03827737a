import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLink } from '@/features/lookup';
import { CODE_FONT } from '@/shared/codeFont';
import { linkSx } from '@/shared/linkSx';
import { recentChecks } from './recentBatches';

/** The last codes checked on this device with their outcome; kept in localStorage only. */
export function RecentChecks() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(recentChecks.subscribe, recentChecks.snapshot, recentChecks.serverSnapshot);
  if (list.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="recent-checks-title">
      <Typography id="recent-checks-title" variant="h2">
        {t('support.recent.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t('support.recent.note')}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', columns: { sm: 2, md: 3 }, columnGap: 3 }}>
        {list.map(({ code, outcome }) => (
          <Box
            component="li"
            key={code}
            sx={{ py: 0.5, breakInside: 'avoid', display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}
          >
            <Box component="a" href={codeLink(code)} sx={{ ...linkSx, ...CODE_FONT, display: 'inline-block', py: 1 }}>
              {code}
            </Box>
            <Typography component="span" variant="body2" color="textSecondary">
              {t(`support.outcome.${outcome}`)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button variant="text" onClick={() => recentChecks.clear()} sx={{ mt: 1, minHeight: 44 }}>
        {t('support.recent.clear')}
      </Button>
    </Box>
  );
}
