import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';

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
    <Box
      sx={{
        width: PHOTO_SIZE,
        height: PHOTO_SIZE,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflow: 'hidden',
      }}
    >
      {failed ? (
        <Inventory2Outlined sx={{ fontSize: 40, color: 'text.secondary' }} />
      ) : (
        <Box
          component="img"
          ref={image}
          src={url}
          alt={alt}
          width={PHOTO_SIZE}
          height={PHOTO_SIZE}
          decoding="async"
          onError={() => setFailed(true)}
          sx={{ width: PHOTO_SIZE, height: PHOTO_SIZE, objectFit: 'contain', display: 'block' }}
        />
      )}
    </Box>
  );
}
