import ImageSearch from '@mui/icons-material/ImageSearch?shape';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/shared/ui/Button';
import { Icon } from '@/shared/ui/Icon';

/** The photo button's place while its chunk loads, or if it cannot: same size, so nothing moves. */
export function DisabledPhotoButton() {
  const { t } = useTranslation();
  return (
    <IconButton disabled aria-label={t('scanner.photo')}>
      <Icon shape={ImageSearch} />
    </IconButton>
  );
}
