import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { codeLink } from '../codeLink';
import { recallAlerts } from './recallAlerts';
import { recentLookups } from './recentLookups';

const TITLE_ID = 'recent-title';

/**
 * This device's last lookups, one tap to look again; the one on screen is left out. Shown once the page
 * runs: the server cannot know them.
 */
export function RecentLookups({ current, afterClear }: { current: string | null; afterClear: () => void }) {
  const { t } = useTranslation();
  const kept = useSyncExternalStore(recentLookups.subscribe, recentLookups.snapshot, recentLookups.serverSnapshot);
  const list = kept.filter(({ code }) => code.toUpperCase() !== current?.toUpperCase());
  if (list.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={TITLE_ID} variant="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <HistoryOutlined fontSize="small" />
          {t('recent.title')}
        </Typography>
        <Button
          color="inherit"
          startIcon={<DeleteOutline />}
          onClick={() => {
            // The recall watch's alerts are part of the history: cleared with it.
            recentLookups.clear();
            recallAlerts.clear();
            afterClear();
          }}
          sx={{ minHeight: 44 }}
        >
          {t('recent.clear')}
        </Button>
      </Box>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      >
        {list.map(({ code, name }) => (
          <Box component="li" key={code} sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <Box
              component={Link}
              to={codeLink(code)}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                minHeight: 44,
                justifyContent: 'center',
                px: 2,
                py: 1,
                color: 'text.primary',
                textDecoration: 'none',
                '&:hover': { bgcolor: 'action.hover' },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              <Typography
                component="span"
                sx={{
                  fontWeight: 500,
                  color: 'primary.main',
                  textDecoration: 'underline',
                  textUnderlineOffset: '0.2em',
                }}
              >
                {name ?? t('recent.unnamed')}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {code}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('recent.note')}
      </Typography>
    </Box>
  );
}
