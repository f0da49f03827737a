import Box from '@mui/material/Box';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';

// MUI Alert's colours on plain boxes: Alert and its icon set would add 4 kB gzip to the first load.
const TONES = {
  error: { bgcolor: '#fdeded', color: '#5f2120', icon: 'error.main' },
  warning: { bgcolor: '#fff4e5', color: '#663c00', icon: 'warning.main' },
  info: { bgcolor: '#e5f6fd', color: '#014361', icon: 'info.main' },
};

interface MessageBoxProps {
  tone: keyof typeof TONES;
  Icon: SvgIconComponent;
  role?: 'alert';
  /** The id of the message's title: a block that is part of the page from the start is a named region. */
  labelledBy?: string;
  children: ReactNode;
}

/** A tinted message block with its icon: the result error, the scan notices, the checks caution. */
export function MessageBox({ tone, Icon, role, labelledBy, children }: MessageBoxProps) {
  const { icon, ...colours } = TONES[tone];
  return (
    <Box role={role ?? (labelledBy ? 'region' : undefined)} aria-labelledby={labelledBy} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, borderRadius: 1, ...colours }}>
      <Icon sx={{ color: icon }} />
      {children}
    </Box>
  );
}
