import { useEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { traceApi, useTraceMutation } from '@/api/traceApi';
import { useAppStore } from '@/store/hooks';
import { addressLookupCode } from './addressCode';
import { isRecheck } from './codeLink';

/**
 * The address drives the lookup: every navigation the page makes (Search, Enter, a scan, a link) looks
 * its code up, even the same code again; arriving (a first load, Back, Forward) reuses an answer the store
 * holds, as the one a server render handed over. Each code's answer is its own store entry, so an answer
 * for another code can never show under this one.
 */
export function useAddressLookup() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const store = useAppStore();
  const search = new URLSearchParams(location.search);
  const lookupCode = addressLookupCode(location);
  // One of the page's own links (a recent lookup, a carton's unit...): a re-check, which the service does not count.
  // React Router keys the location the page was loaded at 'default'.
  const recheck = isRecheck(search, location.key === 'default');
  const [trace, entry] = useTraceMutation({ fixedCacheKey: lookupCode ?? undefined });

  useEffect(() => {
    if (lookupCode === null) return;
    if (navigationType === NavigationType.Pop) {
      // Any answer held, or one on its way (StrictMode runs this effect twice on mount).
      const held = traceApi.endpoints.trace.select({ fixedCacheKey: lookupCode, requestId: undefined })(
        store.getState(),
      );
      if (held.status !== 'uninitialized') return;
    }
    void trace(recheck ? { code: lookupCode, purpose: 'recheck' } : lookupCode);
  }, [lookupCode, recheck, location.key, navigationType, store, trace]);

  /** Asks the service again for the address's code (after a system error). */
  const retry = () => {
    if (lookupCode !== null) void trace(lookupCode);
  };

  return { code: lookupCode, entry, retry };
}
