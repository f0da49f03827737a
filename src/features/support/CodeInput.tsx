import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useSyncExternalStore, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@/i18n/i18n';
import { shellFields } from '@/boot/fieldHandOver';
import { MAX_INPUT_CHARS, atInputLimit, withinInputLimit } from './inputLimit';
import type { PhotoNote } from './usePhotoCodes';

export interface CodeInputProps {
  text: string;
  onText: (text: string) => void;
  onCheck: () => void;
  onClear: () => void;
  onPhotos: (photos: File[]) => void;
  onPickingPhotos: () => void;
  readingPhotos: boolean;
  photoNotes: PhotoNote[];
  checking: boolean;
}

const INPUT_ID = 'support-input';
const noChanges = () => () => undefined;

/** False in the server's HTML and until the page's script runs: reading photos needs it. */
function useScriptRunning(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * The box staff paste a customer's message into; photos dropped or pasted on it give their codes.
 * It keeps the first MAX_INPUT_CHARS characters of a paste and says so while it is full.
 */
export function CodeInput({
  text,
  onText,
  onCheck,
  onClear,
  onPhotos,
  onPickingPhotos,
  readingPhotos,
  photoNotes,
  checking,
}: CodeInputProps) {
  const { t, i18n } = useTranslation();
  const full = atInputLimit(text);
  const scriptRunning = useScriptRunning();
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    // Staff paste a message the moment the box shows, often before this chunk has run: the box of the
    // server's HTML is held from before the page's first render (src/main.tsx). On a page that was not
    // the first, no box of the HTML is there to hold.
    shellFields.handOver(INPUT_ID, box.current, text, (typed) => onText(withinInputLimit(typed)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the script takes the box over
  }, []);
  const pickPhotos = () => {
    onPickingPhotos();
    fileInput.current?.click();
  };
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    onPhotos(Array.from(event.dataTransfer.files));
  };
  // Only pasted images are taken here: pasted text goes into the box as usual.
  const onPaste = (event: ClipboardEvent) => {
    const photos = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith('image/'));
    if (photos.length === 0) return;
    event.preventDefault();
    onPhotos(photos);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onCheck();
      }}
      onDragOver={(event: DragEvent) => carriesFiles(event) && event.preventDefault()}
      onDrop={onDrop}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <TextField
        id={INPUT_ID}
        label={t('support.inputLabel')}
        multiline
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => onText(withinInputLimit(event.target.value))}
        onPaste={onPaste}
        onKeyDown={(event) => {
          // Enter makes a new line in a message; Ctrl+Enter (or Cmd+Enter) checks it.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onCheck();
          }
        }}
        inputRef={box}
        slotProps={{
          htmlInput: {
            spellCheck: false,
            'aria-describedby': full ? `${INPUT_ID}-limit ${INPUT_ID}-hint` : `${INPUT_ID}-hint`,
          },
        }}
        fullWidth
      />
      {full && (
        <Alert id={`${INPUT_ID}-limit`} severity="warning">
          {t('support.inputLimit', { limit: new Intl.NumberFormat(languageOf(i18n)).format(MAX_INPUT_CHARS) })}
        </Alert>
      )}
      <Typography id={`${INPUT_ID}-hint`} variant="body2" color="textSecondary">
        {t('support.photoHint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={checking || text.trim() === ''} sx={{ minHeight: 44 }}>
          {t('support.check')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlined />}
          sx={{ minHeight: 44 }}
          onClick={pickPhotos}
          disabled={!scriptRunning}
        >
          {t('support.addPhotos')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => {
            onPhotos(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="text"
          onClick={onClear}
          disabled={text === '' && photoNotes.length === 0}
          sx={{ minHeight: 44 }}
        >
          {t('support.clear')}
        </Button>
      </Box>
      <Box role="status">
        {(readingPhotos || photoNotes.length > 0) && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {photoNotes.map((note, index) => (
              <Typography component="li" variant="body2" key={`${index}-${note.name}`}>
                {note.kind === 'codes'
                  ? t('support.photoCodes', { name: note.name, count: note.count })
                  : note.kind === 'none'
                    ? t('support.photoNoCode', { name: note.name })
                    : t('support.photoUnreadable', { name: note.name })}
              </Typography>
            ))}
            {readingPhotos && (
              <Typography
                component="li"
                variant="body2"
                sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1, ml: -2.5 }}
              >
                <CircularProgress size={16} aria-hidden />
                {t('support.readingPhotos')}
              </Typography>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
