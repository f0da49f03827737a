import type { ReactNode } from 'react';
import { classNames } from './classNames';
import styles from './Icon.module.css';

interface IconProps {
  /** The icon's SVG elements: `import shape from '@mui/icons-material/<Name>?shape'`. */
  shape: ReactNode;
  size?: 'small' | 'medium';
  color?: 'inherit' | 'primary' | 'action';
  className?: string;
}

/** An icon of MUI's set drawn as plain SVG with static styles, as its SvgIcon draws it, for none of its run time. */
export function Icon({ shape, size = 'medium', color = 'inherit', className }: IconProps) {
  const classes = classNames(
    styles.icon,
    size === 'small' && styles.small,
    color !== 'inherit' && styles[color],
    className,
  );
  return (
    <svg className={classes} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {shape}
    </svg>
  );
}
