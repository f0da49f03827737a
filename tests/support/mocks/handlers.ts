import { HttpResponse, http } from 'msw';
import { API_KEY_HEADER, TRACE_PATH } from '@/contract/traceContract';
import { TRACE_API_BASE, TRACE_API_KEY } from '@/config';
import { normaliseCode } from '../../../server/domain/traceCode';
import { demoResponses, errorBody } from './fixtures';

export const TRACE_URL = `${TRACE_API_BASE}${TRACE_PATH}`;

/** Answers like the reference service: the demo code's response, or 204 for an unknown code. */
export const handlers = [
  http.post(TRACE_URL, async ({ request }) => {
    if (request.headers.get(API_KEY_HEADER) !== TRACE_API_KEY) {
      return HttpResponse.json(errorBody(401, 'AUTHENTICATION_FAILURE', 'Invalid key'), { status: 401 });
    }
    const body = (await request.json()) as { QrCode?: unknown };
    const code = typeof body.QrCode === 'string' ? normaliseCode(body.QrCode) : '';
    const response = demoResponses.get(code);
    return response ? HttpResponse.json(response) : new HttpResponse(null, { status: 204 });
  }),
];
