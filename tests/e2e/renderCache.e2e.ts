import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { PageRenderResult, RenderPage, TraceWireAnswer } from '@/api/traceContract';

// The render cache with the page's real server build: a page filled in from a template is the page a
// render gives, byte for byte (so it hydrates exactly as a rendered one).
interface RenderModule {
  renderPage: RenderPage;
  renderCacheStats: () => { filled: number; rendered: number; templates: number };
}

let instances = 0;
/** A module instance of its own (its own cache): the query makes Node load the file anew. */
async function loadRenderModule(): Promise<RenderModule> {
  return (await import(/* @vite-ignore */ `${pathToFileURL(inject('e2ePage').ssrEntry).href}?instance=${++instances}`)) as RenderModule;
}

function unit(code: string, name: string): TraceWireAnswer {
  return {
    status: 200,
    body: {
      Data: {
        Products: [
          { Code: code, ProductUnit: 'lon', ProductCode: 'SB900G', ProductName: name, Weight: 900, WeightType: 'gam', ProductDate: '2026-06-12', ExpireDate: '2028-06-12' },
        ],
        Box: [],
      },
    },
  };
}

function carton(code: string): TraceWireAnswer {
  return {
    status: 200,
    body: {
      Data: {
        Products: [],
        Box: [{ Code: code, ProductUnit: 'thùng', ProductCode: 'ST180ID', ProductName: 'Sữa tươi tiệt trùng ít đường 180ml', ProductDate: '2026-11-05', ExpireDate: '2027-05-05', TotalPacket: 48 }],
      },
    },
  };
}

function render(module: RenderModule, url: string, answer: TraceWireAnswer, acceptLanguage = 'vi') {
  return module.renderPage({ url, acceptLanguage, answerTrace: async () => answer });
}

/** What the page shows and hydrates from; the store's request ids and timestamps differ by nature. */
function shown({ status, lang, head, body }: PageRenderResult) {
  return { status, lang, head, body };
}

async function learned(module: RenderModule, templates: number) {
  await expect.poll(() => module.renderCacheStats().templates, { timeout: 20_000 }).toBeGreaterThanOrEqual(templates);
}

const CODES = ['5K24B3261X54A2320', '7Q93C1002Z11B4471', 'AB12CD34EF56GH789', 'ZZ00ZZ00ZZ00ZZ001'];

describe('a page filled in from the render cache', () => {
  it.each([
    ['a unit, Vietnamese', (code: string) => unit(code, 'Sữa bột Đồng Xanh Gold 900g'), 'vi'],
    ['a unit whose name holds markup, English', (code: string) => unit(code, '<img src=x onerror=alert(1)> & "Gold"'), 'en'],
    ['a carton', carton, 'vi'],
  ])('is the page a render gives: %s', async (_name, answerFor, language) => {
    const warm = await loadRenderModule();
    await render(warm, `/dt?qr=${CODES[0]}`, answerFor(CODES[0]), language);
    await learned(warm, 1);

    for (const code of CODES.slice(1)) {
      const filled = await render(warm, `/dt?qr=${code}`, answerFor(code), language);
      const rendered = await render(await loadRenderModule(), `/dt?qr=${code}`, answerFor(code), language);
      expect(shown(filled)).toEqual(shown(rendered));
      expect(filled.body).toContain(code);
      expect(filled.body).not.toContain(CODES[0]);
      expect(JSON.parse(filled.state)).toMatchObject({ traceApi: { mutations: { [code]: { status: 'fulfilled', data: expect.anything() } } } });
    }
    expect(warm.renderCacheStats().filled).toBe(CODES.length - 1);
  });

  it.each([
    ["the address's code differs from the answer's (typed in lowercase): rendered", CODES[1].toLowerCase(), CODES[1], 0],
    // The field's placeholder shows this example code: the template keeps the placeholder as it is.
    ['the code also appears elsewhere on the page: filled, the rest kept', '1D24B3261X54A2320', '1D24B3261X54A2320', 1],
  ])('is right where %s', async (_name, typed, answered, filled) => {
    const name = 'Sữa bột Đồng Xanh Gold 900g';
    const warm = await loadRenderModule();
    await render(warm, `/dt?qr=${CODES[0]}`, unit(CODES[0], name));
    await learned(warm, 1);
    const page = await render(warm, `/dt?qr=${typed}`, unit(answered, name));
    expect(shown(page)).toEqual(shown(await render(await loadRenderModule(), `/dt?qr=${typed}`, unit(answered, name))));
    expect(warm.renderCacheStats().filled).toBe(filled);
  });
});
