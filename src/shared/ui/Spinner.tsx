import styles from './Spinner.module.css';

/** The viewBox and stroke of MUI's CircularProgress, whose look this keeps. */
const BOX = 44;
const THICKNESS = 3.6;

/** A turning circle, as MUI's CircularProgress draws it, named for assistive technology by `label`. */
export function Spinner({ size = 24, label }: { size?: number; label: string }) {
  return (
    <span role="progressbar" aria-label={label} className={styles.spinner} style={{ width: size, height: size }}>
      <svg viewBox={`${BOX / 2} ${BOX / 2} ${BOX} ${BOX}`} width={size} height={size}>
        <circle cx={BOX} cy={BOX} r={(BOX - THICKNESS) / 2} fill="none" strokeWidth={THICKNESS} />
      </svg>
    </span>
  );
}
