import { useContext, useEffect, useState } from 'react';
import { API_KEY_HEADER } from '@/contract/traceContract';
import {
  gs1LotPath,
  gs1ProductPath,
  type Gs1LevelAnswer,
  type Gs1LotBody,
  type Gs1ProductBody,
} from '@/contract/gs1/gs1Contract';
import { TRACE_API_BASE, TRACE_API_KEY } from '@/config';
import { LinkLevelPrefill } from './linkLevelPrefill';

/** What the service said of a Digital Link's lot or product: its JSON, that it knows none, or that it failed. */
export type LinkLevelData<Body> =
  { state: 'loading' } | { state: 'found'; body: Body } | { state: 'unknown' } | { state: 'failed' };

type LevelData = LinkLevelData<Gs1LotBody | Gs1ProductBody>;

/** What an answer of the service says, as the page shows it. */
function levelDataOf({ status, body }: Pick<Gs1LevelAnswer, 'status' | 'body'>): LevelData {
  if (status === 404) return { state: 'unknown' };
  if (status !== 200) return { state: 'failed' };
  return { state: 'found', body: body as Gs1LotBody | Gs1ProductBody };
}

/**
 * The service's JSON of the lot (`gs1:recallStatus`) or the product a Digital Link names, fetched once per
 * address, or taken from the server render's when it is this address's (LinkLevelPrefill). Not through the
 * trace's api slice: only these rare pages need it, and its chunk carries this.
 */
export function useLinkLevelData(gtin: string, lot: string | null) {
  const path = lot === null ? gs1ProductPath(gtin) : gs1LotPath(gtin, lot);
  const prefill = useContext(LinkLevelPrefill);
  const [data, setData] = useState<{ path: string; data: LevelData }>(() => ({
    path,
    data: prefill?.path === path ? levelDataOf(prefill) : { state: 'loading' },
  }));
  const settled = data.path === path && data.data.state !== 'loading';
  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    const settle = (next: LevelData) => {
      if (!controller.signal.aborted) setData({ path, data: next });
    };
    fetch(`${TRACE_API_BASE}${path}`, { headers: { [API_KEY_HEADER]: TRACE_API_KEY }, signal: controller.signal })
      .then(async (response) =>
        settle(levelDataOf({ status: response.status, body: response.ok ? await response.json() : null })),
      )
      .catch(() => settle({ state: 'failed' }));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address; `settled` only skips the first
  }, [path]);
  // Another address's answer is never shown under this one.
  return data.path === path ? data.data : ({ state: 'loading' } as const);
}
