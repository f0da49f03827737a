import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Unread } from './codeExtraction';

/** The most unread items shown: a paste of thousands of links would otherwise fill the page and stall it. */
const MAX_UNREAD_SHOWN = 100;

/** What the customer sent that holds no code, raw, so staff see exactly what it was; the first ones only. */
export function UnreadList({ unread }: { unread: Unread[] }) {
  const { t } = useTranslation();
  if (unread.length === 0) return null;
  const hidden = unread.length - MAX_UNREAD_SHOWN;
  return (
    <Box component="section" aria-labelledby="unread-title">
      <Typography id="unread-title" variant="h2" sx={{ mb: 1 }}>
        {t('support.unread.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {unread.slice(0, MAX_UNREAD_SHOWN).map(({ raw, reason }) => (
          <li key={raw}>
            <Box component="code" sx={{ wordBreak: 'break-all' }}>
              {raw}
            </Box>{' '}
            <Typography component="span" variant="body2" color="textSecondary">
              ({t(`support.unread.${reason}`)})
            </Typography>
          </li>
        ))}
      </Box>
      {hidden > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('support.unread.more', { count: hidden })}
        </Typography>
      )}
    </Box>
  );
}
