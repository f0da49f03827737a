import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@/i18n/languages';
import type { CopyState } from './useReply';

export interface ReplyToolbarProps {
  language: Language;
  onLanguage: (language: Language) => void;
  onCopyAll: () => void;
  onExport: () => void;
  copy: CopyState;
  ready: boolean;
}

/** The reply's language, copying the reply for every code, the CSV export, and what copying did. */
export function ReplyToolbar({ language, onLanguage, onCopyAll, onExport, copy, ready }: ReplyToolbarProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography id="reply-language" component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {t('support.reply.language')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={language}
          aria-labelledby="reply-language"
          onChange={(_event, value: Language | null) => value && onLanguage(value)}
        >
          {LANGUAGES.map(({ code, name }) => (
            <ToggleButton
              key={code}
              value={code}
              lang={code}
              sx={{ minHeight: 44, px: 1.5, textTransform: 'none', color: 'text.primary' }}
            >
              {name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          variant="contained"
          startIcon={<ContentCopy />}
          onClick={onCopyAll}
          disabled={!ready}
          sx={{ minHeight: 44 }}
        >
          {t('support.reply.copyAll')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={onExport}
          disabled={!ready}
          sx={{ minHeight: 44 }}
        >
          {t('support.exportCsv')}
        </Button>
      </Box>
      <Box role="status">{copy.kind === 'copied' && <Alert severity="success">{t('support.reply.copied')}</Alert>}</Box>
      {copy.kind === 'failed' && (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('support.reply.copyFailed')}
          </Typography>
          <TextField
            value={copy.text}
            multiline
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'aria-label': t('support.reply.copyFailed') } }}
            onFocus={(event) => event.target.select()}
          />
        </Alert>
      )}
    </Box>
  );
}
