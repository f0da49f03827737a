import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step's heading, focused when the step appears: a screen reader says where the shopper now is, and the
 * next tab lands on the step's first control (the dialog keeps focus inside itself).
 */
export function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Typography
      ref={heading}
      id={id}
      variant="h2"
      tabIndex={-1}
      sx={{ fontSize: '1.125rem', fontWeight: 600, my: 1.5, outline: 'none' }}
    >
      {children}
    </Typography>
  );
}
