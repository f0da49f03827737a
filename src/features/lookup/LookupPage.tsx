import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { TRUSTED_HOSTS } from '@/config';
import type { DecodedCode } from '@/features/scanner/decode/decodedCode';
import { PHOTO_INPUT_ID } from '@/features/scanner/scanHints';
import { scanErrorCleared, scanStarted, selectScannerError, selectScannerOpen } from '@/features/scanner/scannerSlice';
import { arrivalDraft, withCode, type Draft } from './addressCode';
import { loadScannerDialog } from './loadScannerUi';
import { LookupResult } from './LookupResult';
import { DisabledPhotoButton } from './DisabledPhotoButton';
import { PhotoScanSlot } from './PhotoScanSlot';
import { lookupView } from './lookupView';
import { INPUT_ID, QrCodeField } from './QrCodeField';
import { normalizeInput, validateCode } from './qrCode';
import { RecentLookups } from './recent/RecentLookups';
import { recentLookups } from './recent/recentLookups';
import { ScanNotices } from './ScanNotices';
import { readScan, readTyped } from './scanReading';
import { useAddressLookup } from './useAddressLookup';
import { useAfterPaint } from './useAfterPaint';

// The camera dialog's chunk loads after the first paint, with the photo button's (one chunk).
const ScannerDialog = lazy(loadScannerDialog);

export function LookupPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const lookup = useAddressLookup();
  const scannerError = useAppSelector(selectScannerError);
  const scannerOpen = useAppSelector(selectScannerOpen);

  // The field is an edit of the address: each navigation (Search, a scan, Back, Forward) starts it afresh.
  const [edited, setEdited] = useState(() => ({ at: location.key, draft: arrivalDraft(location) }));
  if (edited.at !== location.key) setEdited({ at: location.key, draft: arrivalDraft(location) });
  const { draft } = edited;
  const edit = (change: Partial<Draft>) => setEdited(({ at, draft }) => ({ at, draft: { ...draft, ...change } }));

  /**
   * Writes the address, which runs the lookup. Replace, not push: a reload or a shared link shows this
   * result, and Back leaves the page. An entry that cannot be sent takes `qr` out, so no older code's
   * result stays beside it; the history entry keeps the field's text and error instead.
   */
  const submit = useCallback(
    (next: Draft) => {
      dispatch(scanErrorCleared());
      const code = next.error === null ? next.text : null;
      setSearchParams((current) => withCode(current, code), { replace: true, state: { draft: next } });
    },
    [dispatch, setSearchParams],
  );

  // Typed and pasted text is read as a scan would be (a link gives its `qr`), spaces and dashes dropped.
  const search = () => {
    const { code, accepted, notices } = readTyped(draft.text, TRUSTED_HOSTS);
    submit({ text: code, error: accepted ? validateCode(code) : 'errors.invalidCode', notices });
  };

  // Stable between navigations: the photo paste and drop listeners hang on it.
  const onScanned = useCallback(
    (scanned: DecodedCode) => {
      const { code, accepted, notices } = readScan(scanned, TRUSTED_HOSTS);
      submit({ text: code, error: accepted ? validateCode(code) : 'errors.invalidCode', notices });
    },
    [submit],
  );

  const view = lookupView({ code: lookup.code, entry: lookup.entry, scannerError, fieldError: draft.error !== null });

  // Each result found goes to this device's recent lookups (never sent anywhere).
  const found = view.name === 'result' ? view.result : null;
  useEffect(() => {
    if (!found) return;
    const item = found.kind === 'box' ? found.box : found.product;
    const name = typeof item.ProductName === 'string' && item.ProductName.trim() !== '' ? item.ProductName.trim() : null;
    recentLookups.record({ code: String(item.Code ?? lookup.code), name });
  }, [found, lookup.code]);

  // Starting the scanner clears the result error: the failed code leaves the address, the field keeps it.
  const startCamera = () => {
    if (view.name === 'error' && lookup.code !== null) {
      setSearchParams((current) => withCode(current, null), { replace: true, state: { draft: { ...draft, error: null } } });
    }
    dispatch(scanStarted());
  };

  // The scanner's chunk is fetched once a deep link's result is on screen, never before it: on a slow
  // network the result must not share the line with code the shopper may never use.
  const scannerUiNow = useAfterPaint(view.name !== 'loading');

  const focusInput = () => document.getElementById(INPUT_ID)?.focus();
  const actions = {
    choosePhoto: () => document.getElementById(PHOTO_INPUT_ID)?.click(),
    typeCode: focusInput,
    startCamera,
    retry: lookup.retry,
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h1">{t('lookup.title')}</Typography>
      <QrCodeField
        value={draft.text}
        error={draft.error}
        searching={view.name === 'loading'}
        onChange={(value) => {
          // Acting on the field answers a scanner problem shown below it: one error at a time.
          if (scannerError) dispatch(scanErrorCleared());
          edit({ text: normalizeInput(value), error: null, notices: [] });
        }}
        onFocus={() => edit({ error: null })}
        // With a result or scanner error already below (and its next steps), leaving the empty field adds
        // no second error: the shopper is on the way to one of those steps, which must not move away.
        onBlur={() => edit({ error: draft.text === '' && view.name !== 'error' ? 'errors.emptyCode' : null })}
        onSearch={search}
        onCamera={startCamera}
        extraActions={scannerUiNow ? <PhotoScanSlot onDetected={onScanned} /> : <DisabledPhotoButton />}
      />
      <ScanNotices notices={draft.notices} />
      <LookupResult view={view} actions={actions} />
      <RecentLookups current={found ? lookup.code : null} afterClear={focusInput} />
      {/* At once when the camera is asked for before then (a tap the loader held until the page was live). */}
      {(scannerUiNow || scannerOpen) && (
        <Suspense fallback={null}>
          <ScannerDialog onDetected={onScanned} />
        </Suspense>
      )}
    </Box>
  );
}
