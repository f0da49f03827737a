import type { ReactNode } from 'react';
import { Icon } from '@/shared/ui/Icon';
import { statusTones } from '../../../theme/statusTones';
import styles from './MessageBox.module.css';

// MUI Alert's colours on plain boxes: Alert and its icon set would add 4 kB gzip to the first load.
interface MessageBoxProps {
  tone: 'error' | 'warning' | 'info';
  /** The icon's shape: `import shape from '@mui/icons-material/<Name>?shape'`. */
  icon: ReactNode;
  role?: 'alert';
  /** The id of the message's title: a block that is part of the page from the start is a named region. */
  labelledBy?: string;
  children: ReactNode;
}

/** A tinted message block with its icon: the result error, the scan notices, the checks caution. */
export function MessageBox({ tone, icon, role, labelledBy, children }: MessageBoxProps) {
  const { text, tint } = statusTones[tone];
  return (
    <div
      role={role ?? (labelledBy ? 'region' : undefined)}
      aria-labelledby={labelledBy}
      className={styles.message}
      style={{ backgroundColor: tint, color: text }}
    >
      <Icon shape={icon} className={styles[tone]} />
      {children}
    </div>
  );
}
