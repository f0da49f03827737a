import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { DecodedCode } from './decode/decodedCode';
import { choiceClosed, selectCodeChoices } from './scannerSlice';
import { MuiTheme } from '@/shared/ui/MuiTheme';

const TITLE_ID = 'code-choice-title';

/** A photo of a few cans holds a few codes: every one is listed and the visitor picks the one they mean. */
export function CodeChoiceDialog({ onDetected }: { onDetected: (code: DecodedCode) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const choices = useAppSelector(selectCodeChoices);
  const close = () => dispatch(choiceClosed());
  // MUI (its theme and baseline) only once a photo first held several codes; mounted from then on, so
  // the dialog closes with its transition.
  const [needed, setNeeded] = useState(false);
  if (choices.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;

  return (
    <MuiTheme>
      <Dialog open={choices.length > 0} onClose={close} aria-labelledby={TITLE_ID} fullWidth maxWidth="sm">
        <DialogTitle id={TITLE_ID}>{t('scanner.choices.title', { count: choices.length })}</DialogTitle>
        <DialogContent sx={{ px: 1 }}>
          <Typography sx={{ px: 2, pb: 1 }}>{t('scanner.choices.pick')}</Typography>
          <List>
            {choices.map((code) => (
              <ListItemButton
                key={`${code.symbology}:${code.text}`}
                onClick={() => {
                  close();
                  onDetected(code);
                }}
                sx={{ minHeight: 48, fontFamily: 'monospace', wordBreak: 'break-all' }}
              >
                {code.text}
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('scanner.choices.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
