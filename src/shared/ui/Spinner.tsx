import styles from './Spinner.module.css';

/** The viewBox and stroke of MUI's CircularProgress, whose look this keeps. */
const BOX = 44;
const THICKNESS = 3.6;
/** Its size in px, as MUI's is where the page shows one (Spinner.module.css sizes its box alike). */
const SIZE = 24;

/** A turning circle, as MUI's CircularProgress draws it, named for assistive technology by `label`. */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="progressbar" aria-label={label} className={styles.spinner}>
      <svg viewBox={`${BOX / 2} ${BOX / 2} ${BOX} ${BOX}`} width={SIZE} height={SIZE}>
        <circle cx={BOX} cy={BOX} r={(BOX - THICKNESS) / 2} fill="none" strokeWidth={THICKNESS} />
      </svg>
    </span>
  );
}
