import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Where staff give their key: a password field, kept in this tab's session once used. */
export function StaffKeyForm({ onKey }: { onKey: (key: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== '') onKey(typed.trim());
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        label={t('support.reports.staffKey')}
        type="password"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        helperText={t('support.reports.staffKeyHint')}
        size="small"
        sx={{ minWidth: 260, flex: 1 }}
      />
      <Button type="submit" variant="contained" sx={{ minHeight: 44 }}>
        {t('support.reports.useKey')}
      </Button>
    </Box>
  );
}
