import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX, closeNoteProblem } from '@/contract/reports';
import { useCloseReportMutation } from '@/features/report';

interface CloseReportProps {
  reference: string;
  staffKey: string;
  onClosed: (reference: string) => void;
}

/** Closing a report takes a note of what was done (the service then deletes the shopper's phone number). */
export function CloseReport({ reference, staffKey, onClosed }: CloseReportProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closeReport, { isLoading }] = useCloseReportMutation();
  const field = useRef<HTMLTextAreaElement>(null);
  // The note's field takes the focus as it appears: staff asked to close, the note comes next.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const confirm = async () => {
    const problem = closeNoteProblem(note);
    if (problem) return setError(problem.key);
    const answer = await closeReport({ staffKey, reference, note });
    if ('error' in answer && answer.error) return setError((answer.error as { key: string }).key);
    onClosed(reference);
  };

  if (!open) {
    return (
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44, alignSelf: 'flex-start' }}
      >
        {t('support.reports.close')}
      </Button>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        label={t('support.reports.note')}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          setError(null);
        }}
        multiline
        minRows={2}
        inputRef={field}
        error={error !== null}
        helperText={error ? t(error as never) : `${note.length}/${REPORT_NOTE_MAX}`}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" disabled={isLoading} onClick={() => void confirm()} sx={{ minHeight: 44 }}>
          {t('support.reports.confirmClose')}
        </Button>
        <Button onClick={() => setOpen(false)} sx={{ minHeight: 44 }}>
          {t('support.reports.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
