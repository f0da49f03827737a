import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined?shape';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/shared/ui/Icon';
import styles from './ProductPhoto.module.css';

/** The photo's box: fixed, so the summary never moves when the picture arrives (or fails to). */
export const PHOTO_SIZE = 96;

/** A picture to compare with the pack in hand; a plain placeholder if it cannot be shown. */
export function ProductPhoto({ url, alt }: { url: string; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  // A picture that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <div className={styles.frame}>
      {failed ? (
        <Icon shape={Inventory2Outlined} className={styles.placeholder} />
      ) : (
        <img
          ref={image}
          src={url}
          alt={alt}
          width={PHOTO_SIZE}
          height={PHOTO_SIZE}
          decoding="async"
          onError={() => setFailed(true)}
          className={styles.photo}
        />
      )}
    </div>
  );
}
