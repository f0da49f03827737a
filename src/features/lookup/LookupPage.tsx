import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { productName, traceItem } from '@/api/traceResult';
import { TRUSTED_HOSTS } from '@/config';
import {
  CameraDialogSlot,
  DisabledPhotoButton,
  PHOTO_INPUT_ID,
  PhotoScanSlot,
  scanErrorCleared,
  scanStarted,
  selectScannerError,
  selectScannerOpen,
  type DecodedCode,
} from '@/features/scanner';
import { arrivalDraft, draftOf, lookupAddress, readAddress, type Draft } from './addressCode';
import { LookupResult } from './LookupResult';
import { lookupView } from './lookupView';
import { INPUT_ID, QrCodeField } from './QrCodeField';
import { normalizeInput } from './qrCode';
import { RecentLookups } from './recent/RecentLookups';
import { recentLookups } from './recent/storedLookups';
import { ScanNotices } from './ScanNotices';
import { readScan, readTyped } from './scanReading';
import { whenLinkReadable } from './digitalLink/linkParser';
import { useAddressLookup } from './useAddressLookup';
import { useAfterPaint } from './useAfterPaint';
import { useWhenIdle } from './useWhenIdle';
import textStyles from '@/shared/styles/text.module.css';
import styles from './LookupPage.module.css';

// The recall watch's chunk loads once the page is idle: background work, never before a result or a tap.
const RecallWatch = lazy(() => import('./recent/RecallWatch'));
// A Digital Link naming a lot or a product: only at such an address, so not in the first load of `/dt?qr=`. It has
// no control to tap; while its chunk comes, a page the server rendered keeps its HTML (Suspense hydration).
const LinkLevelView = lazy(() =>
  import('./digitalLink/LinkLevelView').then(({ LinkLevelView }) => ({ default: LinkLevelView })),
);

export function LookupPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const lookup = useAddressLookup();
  const scannerError = useAppSelector(selectScannerError);
  // What this device kept from earlier visits, as the page opened: the recall watch re-checks those.
  const [kept] = useState(recentLookups.snapshot);
  const scannerOpen = useAppSelector(selectScannerOpen);

  // The field is an edit of the address: each navigation (Search, a scan, Back, Forward) starts it afresh.
  const [edited, setEdited] = useState(() => ({ at: location.key, draft: arrivalDraft(location, TRUSTED_HOSTS) }));
  if (edited.at !== location.key) setEdited({ at: location.key, draft: arrivalDraft(location, TRUSTED_HOSTS) });
  const { draft } = edited;
  const edit = (change: Partial<Draft>) => setEdited(({ at, draft }) => ({ at, draft: { ...draft, ...change } }));

  /**
   * Writes the address, which runs the lookup. Replace, not push: a reload or a shared link shows this
   * result, and Back leaves the page. An entry that cannot be sent takes `qr` out, so no older code's
   * result stays beside it; the history entry keeps the field's text and error instead.
   */
  const submit = useCallback(
    (next: Draft, link?: string) => {
      dispatch(scanErrorCleared());
      const code = next.error === null ? next.text : null;
      navigate(lookupAddress(location, code, link), { replace: true, state: { draft: next } });
    },
    [dispatch, navigate, location],
  );

  // Typed and pasted text is read as a scan would be (a link gives its `qr`), spaces and dashes dropped: as
  // the server reads the form's `qr` when Search is tapped before the script runs.
  const search = () =>
    whenLinkReadable(draft.text, () => {
      const reading = readTyped(draft.text, TRUSTED_HOSTS);
      submit(draftOf(reading), reading.address);
    });

  // Stable between navigations: the photo paste and drop listeners hang on it.
  const onScanned = useCallback(
    (scanned: DecodedCode) =>
      whenLinkReadable(scanned.text, () => {
        const reading = readScan(scanned, TRUSTED_HOSTS);
        submit(draftOf(reading), reading.address);
      }),
    [submit],
  );

  // A Digital Link's address: what its pack says (checked against the record), or a lot or product to show.
  const ask = readAddress(location, TRUSTED_HOSTS);
  const view = lookupView({ code: lookup.code, entry: lookup.entry, scannerError, fieldError: draft.error !== null });

  // Each result found goes to this device's recent lookups (never sent anywhere), with its lot's status.
  const found = view.name === 'result' ? view.result : null;
  useEffect(() => {
    if (!found) return;
    const lot = found.extras.lot?.status;
    recentLookups.record({
      code: String(traceItem(found).Code ?? lookup.code),
      name: productName(found),
      ...(lot && { lot }),
    });
  }, [found, lookup.code]);

  // Starting the scanner clears the result error: the failed code leaves the address, the field keeps it.
  const startCamera = () => {
    if (view.name === 'error' && lookup.code !== null) {
      navigate(lookupAddress(location, null), { replace: true, state: { draft: { ...draft, error: null } } });
    }
    dispatch(scanStarted());
  };

  // The scanner's chunk is fetched once a deep link's result is on screen, never before it: on a slow
  // network the result must not share the line with code the shopper may never use.
  const scannerUiNow = useAfterPaint(view.name !== 'loading');
  const backgroundNow = useWhenIdle(scannerUiNow);

  const focusInput = () => document.getElementById(INPUT_ID)?.focus();
  const actions = {
    choosePhoto: () => document.getElementById(PHOTO_INPUT_ID)?.click(),
    typeCode: focusInput,
    startCamera,
    retry: lookup.retry,
  };

  return (
    <div className={styles.page}>
      <h1 className={textStyles.h1}>{t('lookup.title')}</h1>
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
      {ask.kind === 'lot' || ask.kind === 'product' ? (
        <Suspense fallback={null}>
          <LinkLevelView ask={ask} />
        </Suspense>
      ) : (
        <LookupResult view={view} actions={actions} code={lookup.code} pack={ask.kind === 'code' ? ask.pack : null} />
      )}
      {/* Under the result, not above it: on a phone the verdict of the pack in hand comes first. */}
      {backgroundNow && kept.length > 0 && (
        <Suspense fallback={null}>
          <RecallWatch kept={kept} current={found ? lookup.code : null} />
        </Suspense>
      )}
      <RecentLookups current={found ? lookup.code : null} afterClear={focusInput} />
      {/* At once when the camera is asked for before then (a tap the loader held until the page was live). */}
      {(scannerUiNow || scannerOpen) && <CameraDialogSlot onDetected={onScanned} />}
    </div>
  );
}
