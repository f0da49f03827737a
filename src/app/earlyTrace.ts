import { API_KEY_HEADER, SERVER_STATE_ID, TRACE_PATH, type TraceRequest } from '@/contract/traceContract';
import { TRACE_API_BASE, TRACE_API_KEY } from '@/config';
import { addressDraft } from '@/features/lookup/addressCode';

// A module of its own, listed in index.html before the page's bundle: on a static host (no server
// render), a deep link's trace request starts as soon as this small file has run instead of after the
// whole bundle, and the prerendered field shows the link's code meanwhile. A file, never an inline
// script, so the Content-Security-Policy stays strict. A page the server rendered already holds its
// answer: nothing to do there.
const rendered = document.getElementById(SERVER_STATE_ID) !== null;
const search = new URLSearchParams(window.location.search);
// Read as the page reads it (a link gives its code); the brand's hosts matter only to what the page says.
const typed = rendered ? null : addressDraft(search, []);
// A first load is a shopper's look even with the page's re-check mark (RECHECK_LINK_PARAMETER), which anyone
// can print on a pack: only the page's own links followed inside the page are re-checks (useAddressLookup).
const code = typed?.error === null ? typed.text : null;

let early: { code: string; response: Promise<Response> } | undefined =
  code === null
    ? undefined
    : {
        code,
        response: fetch(`${TRACE_API_BASE}${TRACE_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [API_KEY_HEADER]: TRACE_API_KEY },
          body: JSON.stringify({ QrCode: code } satisfies TraceRequest),
        }),
      };
// Unobserved until the page takes it; a failure then is the page's to report, not an unhandled rejection.
early?.response.catch(() => undefined);

const field = document.querySelector<HTMLInputElement>('input[name="qr"]');
// As the HTML's own value (defaultValue), not as typing: QrCodeField carries over only what the visitor typed.
if (typed !== null && field !== null && field.value === '') field.defaultValue = typed.text;

/** The response of the early request for this code, once; undefined when there is none to take. */
export function takeEarlyResponse(forCode: string): Promise<Response> | undefined {
  if (early?.code !== forCode) return undefined;
  const { response } = early;
  early = undefined;
  return response;
}
