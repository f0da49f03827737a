import SendOutlined from '@mui/icons-material/SendOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { PROVINCES, type ProvinceId } from '@/contract/reports';

interface ProvinceListProps {
  labelledBy: string;
  /** This device's province of the last report: listed first. */
  last: ProvinceId | null;
  disabled: boolean;
  onProvince: (province: ProvinceId) => void;
}

/**
 * The 34 provinces and cities, in the alphabet of the page's language, the last one used first. A tap sends the
 * report (the minimum report's third tap): the list's heading says so.
 */
export function ProvinceList({ labelledBy, last, disabled, onProvince }: ProvinceListProps) {
  const { t, i18n } = useTranslation();
  const collator = new Intl.Collator(i18n.language);
  const name = (province: ProvinceId) => t(`report.provinces.${province}`);
  const sorted = PROVINCES.filter((province) => province !== last).sort((a, b) => collator.compare(name(a), name(b)));
  const shown = last ? [last, ...sorted] : sorted;
  return (
    <List aria-labelledby={labelledBy} disablePadding>
      {shown.map((province) => (
        <ListItem key={province} disablePadding divider>
          <ListItemButton disabled={disabled} onClick={() => onProvince(province)} sx={{ minHeight: 48 }}>
            <ListItemText
              primary={name(province)}
              secondary={province === last ? t('report.lastTime') : undefined}
              sx={{ my: 0 }}
            />
            <SendOutlined fontSize="small" color="primary" aria-hidden />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
