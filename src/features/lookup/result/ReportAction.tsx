import ReportGmailerrorredOutlined from '@mui/icons-material/ReportGmailerrorredOutlined?shape';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintedPack } from '@/contract/gs1/printedPack';
import { Button } from '@/shared/ui/Button';
import { Icon } from '@/shared/ui/Icon';
import { BrandContact } from './BrandContact';

// The form and MUI load on the shopper's tap, never with the page; a chunk that cannot arrive says so.
const ReportDialog = lazy(() =>
  import('@/features/report/onDemand').then(
    ({ ReportDialog }) => ({ default: ReportDialog }),
    () => ({ default: ReportUnavailable }),
  ),
);

function ReportUnavailable() {
  const { t } = useTranslation();
  return <p role="alert">{t('reportAction.unavailable')}</p>;
}

/**
 * "Report a problem with this pack", under a result or "No products found". Only the button is on the page until
 * it is tapped. A report never changes what this page or any other shopper's shows. `pack`: what the pack's
 * Digital Link printed, when the code came in one: the report carries it to the desk.
 */
export function ReportAction({ code, pack = null }: { code: string; pack?: PrintedPack | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <div>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<Icon shape={ReportGmailerrorredOutlined} size="small" />}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('reportAction.label')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportDialog code={code} pack={pack} open={open} onClose={() => setOpen(false)} contact={<BrandContact />} />
        </Suspense>
      )}
    </div>
  );
}
