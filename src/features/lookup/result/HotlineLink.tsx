import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { linkSx } from '@/shared/linkSx';

/** The brand's hotline as a link that dials it on a phone. */
export function HotlineLink({ hotline, onDark = false }: { hotline: string; onDark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`tel:${hotline.replace(/[^\d+]/g, '')}`}
      sx={[
        linkSx,
        { display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 44, fontWeight: 600 },
        onDark && { color: 'inherit', '&:focus-visible': { outlineColor: '#fff' } },
      ]}
    >
      <PhoneOutlined fontSize="small" />
      {t('help.hotline', { hotline })}
    </Box>
  );
}
