import { useEffect, useState } from 'react';
import { API_KEY_HEADER } from '@/contract/traceContract';
import { gs1LotPath, gs1ProductPath, type Gs1LotBody, type Gs1ProductBody } from '@/contract/gs1/gs1Contract';
import { TRACE_API_BASE, TRACE_API_KEY } from '@/config';

/** What the service said of a Digital Link's lot or product: its JSON, that it knows none, or that it failed. */
export type LinkLevelData<Body> =
  { state: 'loading' } | { state: 'found'; body: Body } | { state: 'unknown' } | { state: 'failed' };

/**
 * The service's JSON of the lot (`gs1:recallStatus`) or the product a Digital Link names, fetched once per
 * address. Not through the trace's api slice: only these rare pages need it, and its chunk carries this.
 */
export function useLinkLevelData(gtin: string, lot: string | null) {
  const path = lot === null ? gs1ProductPath(gtin) : gs1LotPath(gtin, lot);
  const [data, setData] = useState<{ path: string; data: LinkLevelData<Gs1LotBody | Gs1ProductBody> }>({
    path,
    data: { state: 'loading' },
  });
  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: LinkLevelData<Gs1LotBody | Gs1ProductBody>) => {
      if (!controller.signal.aborted) setData({ path, data: next });
    };
    fetch(`${TRACE_API_BASE}${path}`, { headers: { [API_KEY_HEADER]: TRACE_API_KEY }, signal: controller.signal })
      .then(async (response) => {
        if (response.status === 404) return settle({ state: 'unknown' });
        if (!response.ok) return settle({ state: 'failed' });
        settle({ state: 'found', body: (await response.json()) as Gs1LotBody | Gs1ProductBody });
      })
      .catch(() => settle({ state: 'failed' }));
    return () => controller.abort();
  }, [path]);
  // Another address's answer is never shown under this one.
  return data.path === path ? data.data : ({ state: 'loading' } as const);
}
