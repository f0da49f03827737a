import { useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';

export type LocationRef = { current: { location: Location; navigationType: NavigationType } | null };

/** Lets a test read the address the app navigated to, and whether it was a push or a replace. */
export function LocationProbe({ into }: { into: LocationRef }) {
  into.current = { location: useLocation(), navigationType: useNavigationType() };
  return null;
}
