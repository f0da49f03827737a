import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import { BatchResults } from './BatchResults';
import { BatchStatus } from './BatchStatus';
import { extractCodes } from './codeExtraction';
import { CodeInput } from './CodeInput';
import { batchCsv } from './csvExport';
import { csvFileName, downloadCsv } from './downloadCsv';
import { withinInputLimit } from './inputLimit';
import { RecentChecks } from './RecentChecks';
import { ReportsPanel } from './reports/ReportsPanel';
import { StaffReportsContext } from './reports/staffContext';
import { useStaffReports } from './reports/useStaffReports';
import { ReplyToolbar } from './ReplyToolbar';
import { UnreadList } from './UnreadList';
import { usePhotoCodes } from './usePhotoCodes';
import { useReply } from './useReply';
import { useSupportBatch } from './useSupportBatch';

/** The support desk: every code a customer sent, checked in one go, with replies ready to paste back. */
export function SupportPage() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [noCodes, setNoCodes] = useState(false);
  const { batch, run, take } = useSupportBatch();
  const reply = useReply();
  const staff = useStaffReports();
  const appendCodes = useCallback(
    (codes: string) =>
      setText((current) => withinInputLimit(current.trim() === '' ? codes : `${current.trimEnd()}\n${codes}`)),
    [],
  );
  const photos = usePhotoCodes(appendCodes);
  const running = batch.phase === 'lookingUp' || batch.phase === 'tryingVariants';

  const check = () => {
    const extraction = extractCodes(text);
    reply.resetCopy();
    setNoCodes(extraction.codes.length === 0);
    run(extraction);
  };

  const exportCsv = () => {
    const now = new Date();
    downloadCsv(
      batchCsv(batch.rows, t, languageOf(i18n), now, window.location.origin),
      csvFileName(t('support.csv.fileName'), now),
    );
  };

  return (
    <StaffReportsContext.Provider value={staff.context}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 2.5,
          // The layout's column suits a shopper's phone; on a laptop the table gets the screen's width.
          width: { md: 'min(1120px, calc(100vw - 48px))' },
          position: 'relative',
          left: { md: '50%' },
          transform: { md: 'translateX(-50%)' },
        }}
      >
        <Box>
          <Typography variant="h1">{t('support.title')}</Typography>
          <Typography sx={{ mt: 1 }}>{t('support.intro')}</Typography>
        </Box>
        <CodeInput
          text={text}
          onText={setText}
          onCheck={check}
          onClear={() => {
            setText('');
            photos.clearNotes();
          }}
          onPhotos={photos.addPhotos}
          onPickingPhotos={photos.warmUpDecoder}
          readingPhotos={photos.reading}
          photoNotes={photos.notes}
          checking={running || photos.reading}
        />
        {noCodes && batch.unread.length === 0 ? (
          <Alert severity="info">{t('support.noCodes')}</Alert>
        ) : (
          <BatchStatus batch={batch} />
        )}
        <UnreadList unread={batch.unread} />
        {batch.rows.length > 0 && (
          <>
            <ReplyToolbar
              language={reply.language}
              onLanguage={reply.setLanguage}
              onCopyAll={() => reply.copyReply(batch.rows)}
              onExport={exportCsv}
              copy={reply.copy}
              ready={batch.phase === 'finished'}
            />
            <BatchResults
              rows={batch.rows}
              phase={batch.phase}
              onTake={take}
              onCopy={(row) => reply.copyReply([row])}
            />
          </>
        )}
        <ReportsPanel
          staffKey={staff.staffKey}
          onStaffKey={staff.giveKey}
          query={staff.query}
          onQuery={staff.setQuery}
        />
        <RecentChecks />
      </Box>
    </StaffReportsContext.Provider>
  );
}
