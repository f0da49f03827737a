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
  /**
   * The text flows under the icon instead of beside it: a long message (a verdict, not found) takes
   * fewer lines on a phone, where it must fit the first screen. Its children then lay out as blocks.
   */
  wrap?: boolean;
  children: ReactNode;
}

/** A tinted message block with its icon: the result error, the scan notices, the checks caution. */
export function MessageBox({ tone, icon, role, labelledBy, wrap = false, children }: MessageBoxProps) {
  const { text, tint } = statusTones[tone];
  return (
    <div
      role={role ?? (labelledBy ? 'region' : undefined)}
      aria-labelledby={labelledBy}
      className={wrap ? `${styles.message} ${styles.wrap}` : styles.message}
      style={{ backgroundColor: tint, color: text }}
    >
      <Icon shape={icon} className={styles[tone]} />
      {children}
    </div>
  );
}
