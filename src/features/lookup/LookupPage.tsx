import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useTraceMutation } from '@/api/traceApi';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { TRUSTED_HOSTS } from '@/config';
import type { DecodedCode } from '@/features/scanner/decode/decodedCode';
import { PHOTO_INPUT_ID } from '@/features/scanner/scanHints';
import { scanErrorCleared, scanStarted, selectScannerError } from '@/features/scanner/scannerSlice';
import { loadScannerDialog } from './loadScannerUi';
import { LookupResult } from './LookupResult';
import { PhotoScanSlot } from './PhotoScanSlot';
import { lookupView } from './lookupView';
import { INPUT_ID, QrCodeField } from './QrCodeField';
import { normalizeInput, validateCode, type FieldErrorKey } from './qrCode';
import { ScanNotices } from './ScanNotices';
import { readScan, type ScanNotice } from './scanReading';
import { SYSTEM_ERROR, type TraceFailure } from './traceErrors';

// The camera dialog's chunk loads after the first paint, with the photo button's (one chunk).
const ScannerDialog = lazy(loadScannerDialog);

export function LookupPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialCode] = useState(() => searchParams.get('qr'));
  const [text, setText] = useState(() => normalizeInput(initialCode ?? ''));
  const [fieldError, setFieldError] = useState<FieldErrorKey | null>(null);
  const [scanNotices, setScanNotices] = useState<ScanNotice[]>([]);
  const [trace, { data, error, isLoading, reset }] = useTraceMutation();
  const scannerError = useAppSelector(selectScannerError);

  const search = useCallback(
    (code: string) => {
      dispatch(scanErrorCleared());
      const invalid = validateCode(code);
      setFieldError(invalid);
      if (invalid) {
        // An old result next to a rejected code would read as that code's result.
        reset();
        return;
      }
      void trace(code);
      // Replace, not push: a reload or a shared link shows this result, and Back leaves the page.
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('qr', code);
          return next;
        },
        { replace: true },
      );
    },
    [dispatch, reset, setSearchParams, trace],
  );

  const deepLinkSearched = useRef(false);
  useEffect(() => {
    if (initialCode === null || deepLinkSearched.current) return;
    deepLinkSearched.current = true;
    search(normalizeInput(initialCode));
  }, [initialCode, search]);

  const onScanned = useCallback(
    (scanned: DecodedCode) => {
      const { code, accepted, notices } = readScan(scanned, TRUSTED_HOSTS);
      setText(code);
      setScanNotices(notices);
      if (accepted) return search(code);
      setFieldError('errors.invalidCode');
      reset();
    },
    [reset, search],
  );

  const alternatives = {
    choosePhoto: () => document.getElementById(PHOTO_INPUT_ID)?.click(),
    typeCode: () => document.getElementById(INPUT_ID)?.focus(),
  };

  const failure: TraceFailure | undefined = error ? ('key' in error ? error : SYSTEM_ERROR) : undefined;
  const view = lookupView({
    isLoading,
    failure,
    result: data,
    scannerErrorKey: scannerError ? `scanner.errors.${scannerError}` : null,
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h1">{t('lookup.title')}</Typography>
      <QrCodeField
        value={text}
        error={fieldError}
        searching={isLoading}
        onChange={(value) => {
          setText(normalizeInput(value));
          setFieldError(null);
          setScanNotices([]);
        }}
        onFocus={() => setFieldError(null)}
        onBlur={() => setFieldError(text === '' ? 'errors.emptyCode' : null)}
        onSearch={() => search(text)}
        onCamera={() => {
          reset();
          dispatch(scanStarted());
        }}
        extraActions={<PhotoScanSlot onDetected={onScanned} />}
      />
      <ScanNotices notices={scanNotices} />
      <LookupResult view={view} alternatives={alternatives} />
      <Suspense fallback={null}>
        <ScannerDialog onDetected={onScanned} />
      </Suspense>
    </Box>
  );
}
