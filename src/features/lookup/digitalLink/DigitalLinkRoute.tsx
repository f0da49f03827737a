import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { parseDigitalLink } from '@/contract/gs1/digitalLink';
import { isDigitalLinkAddress } from '../addressCode';
import { LookupPage } from '../LookupPage';
import { addGs1Texts } from './gs1Texts';
import { installLinkParser } from './linkParser';

// This chunk carries the parser: once it has loaded, the page reads Digital Links everywhere (field, scans).
installLinkParser(parseDigitalLink);

/** A path that may be a Digital Link's: the lookup page when it is one, else `otherwise` (the not-found page). */
export default function DigitalLinkRoute({ otherwise }: { otherwise: ReactNode }) {
  const location = useLocation();
  const { i18n } = useTranslation();
  // Its texts came with its chunk; in the instance before the first of them renders (once per instance).
  addGs1Texts(i18n);
  return isDigitalLinkAddress(location) ? <LookupPage /> : otherwise;
}
