import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { parseDigitalLink } from '@/contract/gs1/digitalLink';
import { isDigitalLinkAddress } from '../addressCode';
import { LookupPage } from '../LookupPage';
import { installLinkParser } from './linkParser';

// This chunk carries the parser: once it has loaded, the page reads Digital Links everywhere (field, scans).
installLinkParser(parseDigitalLink);

/** A path that may be a Digital Link's: the lookup page when it is one, else `otherwise` (the not-found page). */
export default function DigitalLinkRoute({ otherwise }: { otherwise: ReactNode }) {
  const location = useLocation();
  return isDigitalLinkAddress(location) ? <LookupPage /> : otherwise;
}
