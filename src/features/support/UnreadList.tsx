import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Unread } from './codeExtraction';

/** What the customer sent that holds no code, raw, so staff see exactly what it was. */
export function UnreadList({ unread }: { unread: Unread[] }) {
  const { t } = useTranslation();
  if (unread.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="unread-title">
      <Typography id="unread-title" variant="h2" sx={{ mb: 1 }}>
        {t('support.unread.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {unread.map(({ raw, reason }) => (
          <li key={raw}>
            <Box component="code" sx={{ wordBreak: 'break-all' }}>
              {raw}
            </Box>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({t(`support.unread.${reason}`)})
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
