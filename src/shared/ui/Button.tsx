import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { classNames } from './classNames';
import styles from './Button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'inherit';
  size?: 'small' | 'medium';
  startIcon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A plain <button> that looks like MUI's Button (variant, color, size, startIcon as MUI names them), with
 * static styles: the first view's buttons cost nothing to render on the server or to hydrate.
 */
export function Button({
  variant = 'text',
  color = 'primary',
  size = 'medium',
  startIcon,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames(styles.button, styles[variant], styles[color], size === 'small' && styles.small, className)}
      {...rest}
    >
      {startIcon && <span className={styles.start}>{startIcon}</span>}
      {children}
    </button>
  );
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  color?: 'primary' | 'default';
  edge?: 'end';
  ref?: Ref<HTMLButtonElement>;
}

/** A plain round <button> for one icon, as MUI's IconButton: 44 x 44 px at least, a thumb's target. */
export function IconButton({ color = 'default', edge, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={classNames(
        styles.iconButton,
        color === 'primary' && styles.primary,
        edge === 'end' && styles.edgeEnd,
        className,
      )}
      {...rest}
    />
  );
}
