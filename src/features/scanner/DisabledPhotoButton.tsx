import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/** The photo button's place while its chunk loads, or if it cannot: same size, so nothing moves. */
export function DisabledPhotoButton() {
  const { t } = useTranslation();
  return (
    <IconButton disabled aria-label={t('scanner.photo')}>
      <ImageSearchIcon />
    </IconButton>
  );
}
