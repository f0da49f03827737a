import CameraswitchIcon from '@mui/icons-material/Cameraswitch';
import CloseIcon from '@mui/icons-material/Close';
import FlashlightOffIcon from '@mui/icons-material/FlashlightOff';
import FlashlightOnIcon from '@mui/icons-material/FlashlightOn';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { DecodedCode } from './decode/decodedCode';
import { SCAN_BOX_MIN_PX, SCAN_BOX_SHARE, SCANNER_MAX_HEIGHT_PX } from './scanHints';
import { scanStopped, selectScannerOpen } from './scannerSlice';
import { useCameraScanner } from './useCameraScanner';
import { usePhotoScan } from './usePhotoScan';
import { MuiTheme } from '@/shared/ui/MuiTheme';

export interface ScannerDialogProps {
  onDetected: (code: DecodedCode) => void;
}

const TITLE_ID = 'scanner-title';

/**
 * The camera dialog while the scanner is open. The page renders this from the start (its chunk loads
 * after the first paint), so opening the camera shows the dialog in the same frame: a lazy component
 * first rendered on the click would suspend, and React holds a revealed Suspense boundary back 300 ms.
 */
export function ScannerDialogWhenOpen({ onDetected }: ScannerDialogProps) {
  return useAppSelector(selectScannerOpen) ? (
    <MuiTheme>
      <ScannerDialog onDetected={onDetected} />
    </MuiTheme>
  ) : null;
}

/** Full-screen opaque camera view, rendered only while the scanner is open. Dialog brings the focus trap. */
export function ScannerDialog({ onDetected }: ScannerDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // A callback ref in state: the video exists only once the dialog's portal has mounted.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const { torch, switchCamera, zoom, showHint, productBarcodeSeen } = useCameraScanner(video, onDetected);
  const photoInput = useRef<HTMLInputElement>(null);
  const scanPhoto = usePhotoScan(onDetected);

  const close = () => dispatch(scanStopped());
  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    if (!photo) return;
    close(); // a photo scan is only allowed once the camera has stopped
    void scanPhoto(photo);
  };

  return (
    <Dialog
      open
      fullScreen
      onClose={close}
      aria-labelledby={TITLE_ID}
      // Opaque: nothing of the page shows through the camera view on a phone.
      slotProps={{ paper: { sx: { bgcolor: 'common.black', color: 'common.white', backgroundImage: 'none' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <DialogTitle id={TITLE_ID} sx={{ flex: 1, minWidth: 0 }}>
          {t('scanner.title')}
        </DialogTitle>
        {/* Close stays in reach at the top, above the video, however tall the content grows. */}
        <Button variant="contained" onClick={close} startIcon={<CloseIcon />} sx={{ minHeight: 44, flexShrink: 0 }}>
          {t('scanner.close')}
        </Button>
      </Box>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Box sx={{ position: 'relative', display: 'inline-block', maxWidth: '100%' }}>
          <Box
            component="video"
            ref={setVideo}
            aria-label={t('scanner.video')}
            muted
            playsInline
            sx={{ display: 'block', maxWidth: '100%', maxHeight: SCANNER_MAX_HEIGHT_PX, bgcolor: 'common.black' }}
          />
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: '50%',
              left: '50%',
              transform: 'translate(-50%, -50%)',
              height: `${SCAN_BOX_SHARE * 100}%`,
              maxWidth: `${SCAN_BOX_SHARE * 100}%`,
              aspectRatio: '1 / 1',
              minWidth: SCAN_BOX_MIN_PX,
              minHeight: SCAN_BOX_MIN_PX,
              border: '3px solid',
              borderColor: 'common.white',
              borderRadius: 1,
              boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.35)',
            }}
          />
        </Box>
        {zoom && (
          <Slider
            aria-label={t('scanner.zoom')}
            min={zoom.min}
            max={zoom.max}
            step={zoom.step}
            defaultValue={zoom.initial}
            onChange={(_, value) => void zoom.set(value as number).catch(() => undefined)}
            sx={{ maxWidth: 360, color: 'common.white' }}
          />
        )}
        <Typography>{t('scanner.aim')}</Typography>
        {productBarcodeSeen && (
          <Alert severity="warning" variant="filled">
            {t('scanner.productBarcode')}
          </Alert>
        )}
        {showHint && (
          <Alert
            severity="info"
            action={
              <>
                <Button color="inherit" size="small" onClick={close}>
                  {t('scanner.typeCode')}
                </Button>
                <Button color="inherit" size="small" onClick={() => photoInput.current?.click()}>
                  {t('scanner.choosePhoto')}
                </Button>
              </>
            }
          >
            {t('scanner.hint')}
          </Alert>
        )}
        {/* tabIndex -1: MUI's focus trap moves Tab itself and would pick this hidden input, so Tab stuck. */}
        <input ref={photoInput} type="file" accept="image/*" hidden tabIndex={-1} onChange={onPhoto} />
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', gap: 1, pb: 3, '&:empty': { display: 'none' } }}>
        {torch && (
          <IconButton
            color="inherit"
            aria-label={t(torch.on ? 'scanner.torchOff' : 'scanner.torchOn')}
            onClick={torch.toggle}
          >
            {torch.on ? <FlashlightOffIcon /> : <FlashlightOnIcon />}
          </IconButton>
        )}
        {switchCamera && (
          <IconButton color="inherit" aria-label={t('scanner.switchCamera')} onClick={switchCamera}>
            <CameraswitchIcon />
          </IconButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
