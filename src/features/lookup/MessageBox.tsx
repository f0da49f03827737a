import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';
import { statusTones } from '../../../theme/statusTones';
import styles from './MessageBox.module.css';

// MUI Alert's colours on plain boxes: Alert and its icon set would add 4 kB gzip to the first load.
interface MessageBoxProps {
  tone: 'error' | 'warning' | 'info';
  Icon: SvgIconComponent;
  role?: 'alert';
  /** The id of the message's title: a block that is part of the page from the start is a named region. */
  labelledBy?: string;
  children: ReactNode;
}

/** A tinted message block with its icon: the result error, the scan notices, the checks caution. */
export function MessageBox({ tone, Icon, role, labelledBy, children }: MessageBoxProps) {
  const { text, tint } = statusTones[tone];
  return (
    <div
      role={role ?? (labelledBy ? 'region' : undefined)}
      aria-labelledby={labelledBy}
      className={styles.message}
      style={{ backgroundColor: tint, color: text }}
    >
      <Icon color={tone} />
      {children}
    </div>
  );
}
