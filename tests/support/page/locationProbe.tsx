import { useLayoutEffect } from 'react';
import {
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
} from 'react-router-dom';

export type LocationRef = {
  current: { location: Location; navigationType: NavigationType; navigate: NavigateFunction } | null;
};

/** Lets a test read the address the app navigated to (push or replace), and move as Back, Forward or a link would. */
export function LocationProbe({ probeRef }: { probeRef: LocationRef }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    probeRef.current = { location, navigationType, navigate };
  });
  return null;
}
