import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { PageRenderResult, RenderPage, TraceWireAnswer } from '@/contract/traceContract';

// The render cache with the page's real server build: a page filled in from a template is the page a
// render gives, byte for byte (so it hydrates exactly as a rendered one).
interface RenderModule {
  renderPage: RenderPage;
  renderCacheStats: () => {
    filled: number;
    rendered: number;
    templates: number;
    bytes: number;
    codeless: { filled: number; rendered: number };
  };
}

let instances = 0;
/** A module instance of its own (its own cache): the query makes Node load the file anew. */
async function loadRenderModule(): Promise<RenderModule> {
  return (await import(
    /* @vite-ignore */ `${pathToFileURL(inject('e2ePage').ssrEntry).href}?instance=${++instances}`
  )) as RenderModule;
}

/**
 * A module instance that renders every page (PAGE_RENDER_CACHE=off): the page a render gives, with no
 * render left running in the background. Module instances share React's contexts (their chunks are one),
 * so one instance's learning must not overlap another's render.
 */
async function uncachedModule(): Promise<RenderModule> {
  process.env.PAGE_RENDER_CACHE = 'off';
  try {
    return await loadRenderModule();
  } finally {
    delete process.env.PAGE_RENDER_CACHE;
  }
}

function unit(code: string, name: string): TraceWireAnswer {
  return {
    status: 200,
    body: {
      Data: {
        Products: [
          {
            Code: code,
            ProductUnit: 'lon',
            ProductCode: 'SB900G',
            ProductName: name,
            Weight: 900,
            WeightType: 'gam',
            ProductDate: '2026-06-12',
            ExpireDate: '2028-06-12',
          },
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
        Box: [
          {
            Code: code,
            ProductUnit: 'thùng',
            ProductCode: 'ST180ID',
            ProductName: 'Sữa tươi tiệt trùng ít đường 180ml',
            ProductDate: '2026-11-05',
            ExpireDate: '2027-05-05',
            TotalPacket: 48,
          },
        ],
      },
    },
  };
}

function render(module: RenderModule, url: string, answer: TraceWireAnswer, acceptLanguage = 'vi') {
  return module.renderPage({ url, acceptLanguage, answerTrace: async () => answer });
}

/**
 * What the page shows and hydrates from, and its copy in the other language; the store's request ids and
 * timestamps differ by nature.
 */
function shown({ status, lang, head, body, alternate }: PageRenderResult) {
  return { status, lang, head, body, alternate };
}

/** Every page is two: itself and its copy in the other language, each filled or rendered. */
const WITH_COPY = 2;

async function learned(module: RenderModule, templates: number) {
  await expect.poll(() => module.renderCacheStats().templates, { timeout: 20_000 }).toBeGreaterThanOrEqual(templates);
}

// Of one format (digit, letter, two digits...): a template is filled only with codes of the learned one's shape.
const CODES = ['5K24B3261X54A2320', '7Q93C1002Z11B4471', '2B71C4402Y88D1234', '8H05K7719M33N0001'];

describe('a page filled in from the render cache', () => {
  it.each([
    ['a unit, Vietnamese', (code: string) => unit(code, 'Sữa bột Đồng Xanh Gold 900g'), 'vi'],
    [
      'a unit whose name holds markup, English',
      (code: string) => unit(code, '<img src=x onerror=alert(1)> & "Gold"'),
      'en',
    ],
    ['a carton', carton, 'vi'],
  ])('is the page a render gives: %s', async (_name, answerFor, language) => {
    const warm = await loadRenderModule();
    await render(warm, `/dt?qr=${CODES[0]}`, answerFor(CODES[0]), language);
    await learned(warm, WITH_COPY);

    for (const code of CODES.slice(1)) {
      const filled = await render(warm, `/dt?qr=${code}`, answerFor(code), language);
      const rendered = await render(await uncachedModule(), `/dt?qr=${code}`, answerFor(code), language);
      expect(shown(filled)).toEqual(shown(rendered));
      expect(filled.body).toContain(code);
      expect(filled.body).not.toContain(CODES[0]);
      expect(JSON.parse(filled.state)).toMatchObject({
        traceApi: { mutations: { [code]: { status: 'fulfilled', data: expect.anything() } } },
      });
    }
    expect(warm.renderCacheStats().filled).toBe(WITH_COPY * (CODES.length - 1));
  });

  it.each([
    [
      "the address's code differs from the answer's (typed in lowercase): rendered",
      CODES[1].toLowerCase(),
      CODES[1],
      0,
    ],
    // The field's placeholder shows this example code: the template keeps the placeholder as it is.
    ['the code also appears elsewhere on the page: filled, the rest kept', '1D24B3261X54A2320', '1D24B3261X54A2320', 1],
  ])('is right where %s', async (_name, typed, answered, filled) => {
    const name = 'Sữa bột Đồng Xanh Gold 900g';
    const warm = await loadRenderModule();
    await render(warm, `/dt?qr=${CODES[0]}`, unit(CODES[0], name));
    await learned(warm, WITH_COPY);
    const page = await render(warm, `/dt?qr=${typed}`, unit(answered, name));
    expect(shown(page)).toEqual(shown(await render(await uncachedModule(), `/dt?qr=${typed}`, unit(answered, name))));
    expect(warm.renderCacheStats().filled).toBe(WITH_COPY * filled);
  });
});

/** A carton of 50,000 unit codes (1 MiB: what an upstream answer may hold), numbered from `from`. */
function bigCarton(code: string, from: number): TraceWireAnswer {
  const answer = carton(code);
  const box = (answer.body as { Data: { Box: object[] } }).Data.Box[0];
  const UnitCodes = Array.from({ length: 50_000 }, (_, i) => `9U24B${String(from + i).padStart(7, '0')}A2320`);
  return { status: 200, body: { Data: { Products: [], Box: [{ ...box, UnitCodes } as never] } } };
}

describe('a carton of 50,000 unit codes (issue 37 point 4, review N6)', () => {
  it('renders its page listing the first ten and their number, learns it, and fills another such carton as a render gives it', async () => {
    const warm = await loadRenderModule();
    const first = await render(warm, `/dt?qr=${CODES[0]}`, bigCarton(CODES[0], 0), 'en');
    const listed = [...first.body.matchAll(/>(9U24B\d{7}A2320)</g)].map(([, code]) => code);
    expect(listed).toEqual(Array.from({ length: 10 }, (_, i) => `9U24B${String(i).padStart(7, '0')}A2320`));
    expect(first.body).toMatch(/Show all (<!-- -->)?50,?000(<!-- -->)? codes/);
    // The page's state holds the listed codes and their number, not the other 49,990 (UNITS_INLINE_MAX).
    expect(first.state).toContain('"9U24B0000009A2320"');
    expect(first.state).not.toContain('"9U24B0000010A2320"');
    expect(first.state).toContain('"unitTotal":50000');
    expect(first.state.length).toBeLessThan(10_000);
    await learned(warm, WITH_COPY);

    const address = `/dt?qr=${CODES[1]}`;
    const filled = await render(warm, address, bigCarton(CODES[1], 100_000), 'en');
    expect(shown(filled)).toEqual(
      shown(await render(await uncachedModule(), address, bigCarton(CODES[1], 100_000), 'en')),
    );
    expect(filled.body).toContain('9U24B0100009A2320');
    expect(filled.body).not.toContain('9U24B0100010A2320');
    expect(warm.renderCacheStats().filled).toBe(WITH_COPY);
  });
});

/** A unit's answer with what the service counted of its lookups (issue 26). */
function checked(code: string, Lookups: number, Networks: number, Caution = false): TraceWireAnswer {
  const { status, body } = unit(code, 'Sữa bột Đồng Xanh Gold 900g');
  return {
    status,
    body: {
      ...(body as object),
      Checks: { FirstDay: '2026-11-01', Lookups, Networks, Caution },
    } as TraceWireAnswer['body'],
  };
}

describe('a counted code’s page (issue 26)', () => {
  it.each(['vi', 'en'])(
    'is filled in from the cache for every further count, as a render gives it (%s)',
    async (language) => {
      const warm = await loadRenderModule();
      await render(warm, `/dt?qr=${CODES[0]}`, checked(CODES[0], 5, 3), language);
      await learned(warm, WITH_COPY);
      const further: [string, number, number][] = [
        [CODES[0], 6, 4],
        [CODES[0], 7, 4],
        [CODES[1], 2, 2],
        [CODES[2], 987, 654],
      ];
      for (const [code, lookups, networks] of further) {
        const address = `/dt?qr=${code}`;
        const filled = await render(warm, address, checked(code, lookups, networks), language);
        expect(shown(filled)).toEqual(
          shown(await render(await uncachedModule(), address, checked(code, lookups, networks), language)),
        );
        // The shopper reads the lookups (issue 36); the networks are the staff's.
        expect(filled.body).toContain(`${lookups}`);
      }
      expect(warm.renderCacheStats().filled).toBe(WITH_COPY * further.length);
    },
  );

  it.each([
    ['a first check', 1, 1, false],
    ['one network', 4, 1, false],
    ['a caution', 40, 9, true],
  ])('is rendered where the counts change its words or structure: %s', async (_name, lookups, networks, caution) => {
    const warm = await loadRenderModule();
    await render(warm, `/dt?qr=${CODES[0]}`, checked(CODES[0], 5, 3), 'en');
    await learned(warm, WITH_COPY);
    const address = `/dt?qr=${CODES[1]}`;
    const page = await render(warm, address, checked(CODES[1], lookups, networks, caution), 'en');
    expect(shown(page)).toEqual(
      shown(await render(await uncachedModule(), address, checked(CODES[1], lookups, networks, caution), 'en')),
    );
    expect(warm.renderCacheStats().filled).toBe(0);
    // It learns that page, and its copy, in their own right.
    await learned(warm, 2 * WITH_COPY);
  });
});

describe('PAGE_RENDER_CACHE', () => {
  it('off: every lookup page is rendered, the cache never asked nor taught', async () => {
    const module = await uncachedModule();
    const answer = unit(CODES[0], 'Sữa bột Đồng Xanh Gold 900g');
    const first = await render(module, `/dt?qr=${CODES[0]}`, answer);
    expect(shown(await render(module, `/dt?qr=${CODES[0]}`, answer))).toEqual(shown(first));
    expect(module.renderCacheStats()).toMatchObject({ filled: 0, rendered: 0, templates: 0 });
  });

  it('of another value stops the module loading, saying what it takes', async () => {
    process.env.PAGE_RENDER_CACHE = 'sometimes';
    try {
      await expect(loadRenderModule()).rejects.toThrow("PAGE_RENDER_CACHE must be 'on' or 'off', not 'sometimes'");
    } finally {
      delete process.env.PAGE_RENDER_CACHE;
    }
  });
});

describe('addresses of the same page', () => {
  it('fill one template whatever other parameters, their order or dashes in the code (review S2)', async () => {
    const name = 'Sữa bột Đồng Xanh Gold 900g';
    const warm = await loadRenderModule();
    await render(warm, `/dt?qr=${CODES[0]}`, unit(CODES[0], name));
    await learned(warm, WITH_COPY);
    const code = CODES[1];
    const addresses = [
      `/dt?qr=${code}&x=1`,
      `/dt?x=2&qr=${code}`,
      `/dt?qr=${code.slice(0, 8)}-${code.slice(8)}`,
      `/dt?qr=${code}&lng=vi&utm=${'z'.repeat(300)}`,
    ];
    for (const address of addresses) {
      const filled = await render(warm, address, unit(code, name));
      expect(shown(filled)).toEqual(shown(await render(await uncachedModule(), address, unit(code, name))));
      expect(filled.body).toContain(code);
    }
    expect(warm.renderCacheStats().filled).toBe(WITH_COPY * addresses.length);
    expect(warm.renderCacheStats().bytes).toBeGreaterThan(0);
  });

  it("serves a page without a code from the day's copy, and one with a code it cannot send as rendered", async () => {
    const warm = await loadRenderModule();
    const home = await render(warm, '/', unit(CODES[0], 'x'));
    const again = await render(warm, `/?n=${Math.random()}`, unit(CODES[0], 'x'));
    expect(shown(again)).toEqual(shown(home));
    expect(warm.renderCacheStats().codeless).toMatchObject({ filled: WITH_COPY, rendered: WITH_COPY });
    // The page shows this address's own text and its error: never the home page's copy.
    const invalid = await render(warm, '/?qr=TOO-SHORT', unit(CODES[0], 'x'));
    expect(invalid.body).toContain('TOOSHORT');
    expect(invalid.body).not.toEqual(home.body);
    expect(shown(invalid)).toEqual(shown(await render(await uncachedModule(), '/?qr=TOO-SHORT', unit(CODES[0], 'x'))));
    const english = await render(warm, '/support', unit(CODES[0], 'x'), 'en');
    expect(english.lang).toBe('en');
    expect(shown(await render(warm, '/support?lng=en', unit(CODES[0], 'x')))).toEqual(shown(english));
  });

  it("answers an address new URL() cannot read ('//') with the not-found page, 404, without throwing (review L9)", async () => {
    const module = await loadRenderModule();
    const page = await render(module, '//', unit(CODES[0], 'x'));
    expect(page.status).toBe(404);
    expect(shown(page)).toEqual(shown(await render(module, '/no/such/page', unit(CODES[0], 'x'))));
  });
});
