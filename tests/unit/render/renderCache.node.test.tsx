import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TraceWireAnswer } from '@/contract/traceContract';
import { lookalike } from '@/render/answerLeaves';
import { vietnamDay } from '@/contract/vietnamDay';
import { createRenderCache, type PageView } from '@/render/renderCache';

interface Item {
  Code: string;
  ProductName: string;
  ExpireDate: string;
  ProductUnit: string;
  ImageUrl?: string;
}

const TODAY = vietnamDay();

function view(item: Item, code = item.Code, extra: Partial<PageView> = {}): PageView {
  const answer: TraceWireAnswer = { status: 200, body: { Data: { Products: [item as never], Box: [] } } };
  return { route: '/dt', language: 'vi', code, answer, day: TODAY, ...extra };
}

function itemOf({ answer }: PageView): Item {
  return (answer.body as { Data: { Products: Item[] } }).Data.Products[0];
}

/**
 * A page the way the real one treats its data: the code and the name shown as they are, the unit looked
 * up in words, the expiry date reformatted; `milkApart` styles a name starting with "Sữa" apart.
 */
function page(v: PageView, { milkApart = false } = {}) {
  const item = itemOf(v);
  const [year, month, day] = item.ExpireDate.split('-');
  return {
    head: `<style>.name{font-weight:700}</style>`,
    body: renderToString(
      <main>
        <input defaultValue={v.code} aria-label="code" />
        <h1 className={milkApart && item.ProductName.startsWith('Sữa') ? 'milk' : 'name'}>{item.ProductName}</h1>
        <p>{item.ProductUnit === 'lon' ? 'Lon' : item.ProductUnit}</p>
        <p>
          Hạn dùng: {day}/{month}/{year}
        </p>
        <a href={`/dt?qr=${item.Code}&amp;lng=${v.language}`}>{item.Code}</a>
      </main>,
    ),
  };
}

function counted(render = page) {
  let renders = 0;
  const cache = createRenderCache(async (v) => {
    renders++;
    return render(v);
  });
  return { cache, renders: () => renders };
}

const CAN: Item = {
  Code: 'TH26A1105C48B0001',
  ProductName: 'Sữa bột <Gold> & "Plus"',
  ExpireDate: '2027-05-31',
  ProductUnit: 'lon',
};

describe('render cache', () => {
  it('serves another code of the same product from the template, exactly as a render gives it', async () => {
    const { cache } = counted();
    const first = view(CAN);
    expect(cache.lookup(first)).toBeUndefined();
    await cache.learn(first, page(first));

    const other = view({ ...CAN, Code: 'TH26A1105C48B0777' });
    const filled = cache.lookup(other);
    expect(filled).toEqual(page(other));
    expect(filled?.body).toContain('TH26A1105C48B0777');
    expect(filled?.body).not.toContain('TH26A1105C48B0001');
    expect(cache.stats()).toMatchObject({ filled: 1, rendered: 1, templates: 1 });
  });

  it('fills names with markup and Vietnamese letters escaped as React escapes them', async () => {
    const { cache } = counted();
    await cache.learn(view(CAN), page(view(CAN)));
    // Of the learned name's shape (its letters and digits others of their class, the rest kept): the key holds it.
    for (let i = 0; i < 20; i++) {
      const other = view({ ...CAN, Code: 'TH26A1105C48B0999', ProductName: lookalike(CAN.ProductName) });
      expect(cache.lookup(other)).toEqual(page(other));
    }
  });

  it('renders a text of another shape than the learned one, even of the same length (review L2)', async () => {
    const { cache } = counted();
    await cache.learn(view(CAN), page(view(CAN)));
    for (const name of ['Sữa <script>1</script>', 'Sữa \'đặc\' & "ngọt" >']) {
      const other = view({ ...CAN, Code: 'TH26A1105C48B0999', ProductName: name.padEnd(CAN.ProductName.length, '.') });
      expect(cache.lookup(other)).toBeUndefined();
    }
  });

  it('keeps texts the page reads in the key: another date, unit or name length is rendered, never filled in', async () => {
    const { cache } = counted();
    await cache.learn(view(CAN), page(view(CAN)));
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0002', ProductName: 'Sữa' }))).toBeUndefined();
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0002', ExpireDate: '2027-06-30' }))).toBeUndefined();
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0002', ProductUnit: 'hộp' }))).toBeUndefined();
  });

  it('does not cut out a text the page decides by, even when it also shows it as is', async () => {
    const milkApart = (v: PageView) => page(v, { milkApart: true });
    const { cache } = counted(milkApart);
    await cache.learn(view(CAN), milkApart(view(CAN)));
    // "Sữa…" is styled apart: a product named otherwise must be rendered, not given the milk class.
    const juice = view({ ...CAN, Code: 'TH26A1105C48B0003', ProductName: 'Nước cam <Gold> & "Plus"' });
    expect(cache.lookup(juice)).toBeUndefined();
  });

  it('serves a template only to answers whose equal texts are equal where the learned one had them', async () => {
    const { cache } = counted();
    // Learned from a page where the address's code and the item's code agree...
    await cache.learn(view(CAN), page(view(CAN)));
    // ...so a page where they differ (a lowercase address) is rendered, not filled with one of them.
    expect(cache.lookup(view(CAN, 'th26a1105c48b0001'))).toBeUndefined();
  });

  it('keys pages by the day in Vietnam and by language', async () => {
    const { cache } = counted();
    await cache.learn(view(CAN), page(view(CAN)));
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0004' }, undefined, { day: '2020-01-01' }))).toBeUndefined();
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0004' }, undefined, { language: 'en' }))).toBeUndefined();
    // A render that started on another day than the one it is learned on is not kept.
    const yesterday = view(CAN, undefined, { day: '2020-01-01' });
    await cache.learn(yesterday, page(yesterday));
    expect(cache.stats().templates).toBe(1);
  });

  it('caches nothing for a page that is not a function of its answer', async () => {
    let n = 0;
    const { cache } = counted((v) => ({ head: '', body: `${page(v).body}<p>${n++}</p>` }));
    await cache.learn(view(CAN), { head: '', body: `${page(view(CAN)).body}<p>${n++}</p>` });
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0005' }))).toBeUndefined();
    expect(cache.stats().templates).toBe(0);
  });

  it('holds templates up to a byte budget, dropping the least recently used, whatever the size of the answer', async () => {
    const learnOne = async (cache: ReturnType<typeof createRenderCache>, ExpireDate: string) =>
      cache.learn(view({ ...CAN, ExpireDate }), page(view({ ...CAN, ExpireDate })));
    const probe = createRenderCache(async (v) => page(v));
    await learnOne(probe, '2027-01-01');
    const onePage = probe.stats().bytes;
    // Two bytes a character of the templates' parts and of a fixed-size key.
    expect(onePage).toBeGreaterThan(2 * page(view(CAN)).body.length - 200);
    expect(onePage).toBeLessThan(2 * (page(view(CAN)).body.length + page(view(CAN)).head.length) + 200);

    const cache = createRenderCache(async (v) => page(v), { maxBytes: 2.5 * onePage });
    const dates = ['2027-01-01', '2027-02-01', '2027-03-01'];
    for (const ExpireDate of dates.slice(0, 2)) await learnOne(cache, ExpireDate);
    // Used again: the least recently used is now February's.
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0006', ExpireDate: '2027-01-01' }))).toBeDefined();
    await learnOne(cache, dates[2]);
    expect(cache.stats()).toMatchObject({ templates: 2, bytes: 2 * onePage });
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0006', ExpireDate: '2027-02-01' }))).toBeUndefined();
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0006', ExpireDate: '2027-01-01' }))).toBeDefined();
    expect(cache.lookup(view({ ...CAN, Code: 'TH26A1105C48B0006', ExpireDate: '2027-03-01' }))).toBeDefined();
  });

  it('counts a page with a thousand texts it does not show no bigger than one with none (review S3)', async () => {
    const codes = Array.from({ length: 1000 }, (_, i) => `U${String(i).padStart(16, '0')}`);
    const withUnits = (v: PageView): PageView => ({
      ...v,
      answer: { status: 200, body: { Data: { Products: [], Box: [{ ...itemOf(v), UnitCodes: codes } as never] } } },
    });
    const boxPage = (v: PageView) =>
      page({
        ...v,
        answer: {
          status: 200,
          body: { Data: { Products: [(v.answer.body as { Data: { Box: Item[] } }).Data.Box[0] as never], Box: [] } },
        },
      });
    const plain = createRenderCache(async (v) => page(v));
    await plain.learn(view(CAN), page(view(CAN)));
    const carton = createRenderCache(async (v) => boxPage(v));
    await carton.learn(withUnits(view(CAN)), boxPage(withUnits(view(CAN))));
    expect(carton.stats().templates).toBe(1);
    expect(plain.stats().bytes).toBeGreaterThan(0);
    expect(carton.stats().bytes).toBe(plain.stats().bytes);
  });

  it('gives what a render gives for many random codes', async () => {
    const { cache, renders } = counted();
    await cache.learn(view(CAN), page(view(CAN)));
    const before = renders();
    for (let i = 0; i < 200; i++) {
      // The product's code format: the key holds its shape.
      const code = lookalike(CAN.Code);
      const v = view({ ...CAN, Code: code });
      expect(cache.lookup(v)).toEqual(page(v));
    }
    expect(cache.stats().filled).toBe(200);
    expect(renders()).toBe(before);
  });

  it('learns a short text shown as it is even when the page holds many words its lookalike could be', async () => {
    // Half of all three-letter words, none starting with z: a random lookalike of 'zop' is among them
    // about one time in two, and a lookalike the page already held failed the proof by chance.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = [...letters.slice(0, 13)].flatMap((a) =>
      [...letters].flatMap((b) => [...letters].map((c) => a + b + c)),
    );
    const wordy = (v: PageView) => ({
      ...page(v),
      head: `${page(v).head}<meta name="keywords" content="${words.join(' ')}">`,
    });
    const box = { ...CAN, ProductUnit: 'zop' };
    for (let run = 0; run < 20; run++) {
      const { cache } = counted(wordy);
      await cache.learn(view(box), wordy(view(box)));
      const other = view({ ...box, Code: 'TH26A1105C48B0777' });
      expect(cache.lookup(other)).toEqual(wordy(other));
    }
  });

  it('never fills a text into the styles, even one without a letter or digit to prove it by (review S10, L1)', async () => {
    const styled = (v: PageView) => ({ ...page(v), head: '<style>.a{color:red;}.b{color:blue}</style>' });
    const { cache } = counted(styled);
    const odd = { ...CAN, ProductName: ';}.' };
    await cache.learn(view(odd), styled(view(odd)));
    const other = view({ ...odd, Code: 'TH26A1105C48B0777', ProductName: '}*{' });
    expect(cache.lookup(other) ?? styled(other)).toEqual(styled(other));
  });

  it("never fills a picture's address: one on another origin is rendered (review L2)", async () => {
    // As the page does with VITE_TRACE_API_BASE on another origin: a stored picture's path gets that origin.
    const pictured = (v: PageView) => {
      const url = itemOf(v).ImageUrl ?? '';
      return {
        ...page(v),
        body: `${page(v).body}<img src="${url.startsWith('/') ? `https://svc.example${url}` : url}"/>`,
      };
    };
    const { cache } = counted(pictured);
    const stored = { ...CAN, ImageUrl: `/qrinfo-svc/api/images/${'0123456789abcdef'.repeat(2)}.png` };
    await cache.learn(view(stored), pictured(view(stored)));
    const elsewhere = view({
      ...stored,
      Code: 'TH26A1105C48B0777',
      ImageUrl: `https://cdn.example/${'x'.repeat(stored.ImageUrl.length - 24)}.png`,
    });
    expect(cache.lookup(elsewhere) ?? pictured(elsewhere)).toEqual(pictured(elsewhere));
  });

  it('learns a new form of answer when its table is full, dropping the least recently used (review S2, M1)', async () => {
    const cache = createRenderCache(async (v) => page(v), { maxForms: 3 });
    // Each extra field is another form of answer.
    const formed = (extra: number) => ({
      ...CAN,
      ...Object.fromEntries(Array.from({ length: extra }, (_, i) => [`Extra${i}`, i])),
    });
    for (let extra = 0; extra < 10; extra++) await cache.learn(view(formed(extra)), page(view(formed(extra))));
    const latest = view({ ...formed(9), Code: 'TH26A1105C48B0777' });
    expect(cache.lookup(latest)).toEqual(page(latest));
    expect(cache.stats().forms).toBe(3);
  });

  it('tries a form whose proof failed again some minutes later, three times at most', async () => {
    // 01:00 of today in Vietnam (UTC+7, no summer time): the 44 minutes the clock moves below stay in
    // TODAY, whose pages the cache learns (from 23:16 on, they crossed midnight and nothing was learned).
    const DAY_MS = 24 * 60 * 60_000;
    const VIETNAM_MS = 7 * 60 * 60_000;
    let clock = Math.floor((Date.now() + VIETNAM_MS) / DAY_MS) * DAY_MS - VIETNAM_MS + 60 * 60_000;
    let broken = true;
    let renders = 0;
    const flaky = (v: PageView) => ({ ...page(v), body: broken ? `${page(v).body}<p>${renders}</p>` : page(v).body });
    const cache = createRenderCache(
      async (v) => {
        renders++;
        return flaky(v);
      },
      { now: () => clock },
    );
    const other = view({ ...CAN, Code: 'TH26A1105C48B0777' });
    await cache.learn(view(CAN), flaky(view(CAN)));
    expect(cache.lookup(other)).toBeUndefined();
    const afterFirst = renders;
    await cache.learn(view(CAN), flaky(view(CAN)));
    expect(renders).toBe(afterFirst); // not before the time is up
    clock += 11 * 60_000;
    await cache.learn(view(CAN), flaky(view(CAN)));
    clock += 11 * 60_000;
    await cache.learn(view(CAN), flaky(view(CAN)));
    const afterThird = renders;
    expect(afterThird).toBeGreaterThan(afterFirst);
    clock += 11 * 60_000;
    broken = false;
    await cache.learn(view(CAN), flaky(view(CAN)));
    expect(renders).toBe(afterThird); // three tries spent
    expect(cache.lookup(other)).toBeUndefined();

    const fresh = createRenderCache(async (v) => page(v), { now: () => clock });
    broken = true;
    await fresh.learn(view(CAN), flaky(view(CAN)));
    broken = false;
    clock += 11 * 60_000;
    await fresh.learn(view(CAN), flaky(view(CAN)));
    expect(fresh.lookup(other)).toEqual(page(other));
  });

  it('runs one proof at a time, dropping what comes meanwhile', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = createRenderCache(async (v) => gate.then(() => page(v)));
    const first = cache.learn(view(CAN), page(view(CAN)));
    const juice = { ...CAN, ProductUnit: 'hộp' };
    await cache.learn(view(juice), page(view(juice)));
    expect(cache.stats().proofsDropped).toBe(1);
    release();
    await first;
    expect(cache.stats().templates).toBe(1);
    expect(cache.lookup(view({ ...juice, Code: 'TH26A1105C48B0777' }))).toBeUndefined();
  });
});

interface Checks {
  FirstDay: string;
  Lookups: number;
  Devices: number;
  Caution: boolean;
}

function checkedView(item: Item, checks: Checks, language = 'en'): PageView {
  const answer: TraceWireAnswer = {
    status: 200,
    body: { Data: { Products: [item as never], Box: [] }, Checks: checks },
  };
  return { route: '/dt', language, code: item.Code, answer, day: TODAY };
}

const checksOf = ({ answer }: PageView) => (answer.body as { Checks: Checks }).Checks;

/** The checks line as the real page words it: a first check, else devices in the language's plural form since a day it writes its own way; a caution box apart. */
function checkedPage(v: PageView, { grouped = false } = {}) {
  const { Lookups, Devices, Caution, FirstDay } = checksOf(v);
  const devices = grouped ? Devices.toLocaleString('vi') : String(Devices);
  const line =
    Lookups === 1
      ? 'First check'
      : `Checked on ${devices} ${new Intl.PluralRules(v.language).select(Devices) === 'one' ? 'device' : 'devices'} since ${FirstDay.split('-').reverse().join('/')}`;
  return {
    head: '<style>.checks{color:#333}</style>',
    body: renderToString(
      <main>
        <h1>{itemOf(v).ProductName}</h1>
        <p className="checks">{line}</p>
        {Caution && <aside role="alert">This code may have been copied</aside>}
      </main>,
    ),
  };
}

describe('render cache and the counts of checks (issue 26)', () => {
  const SINCE = '2026-11-01';

  it('fills a counted code’s page for every count after learning one, exactly as a render gives it', async () => {
    const renders: PageView[] = [];
    const cache = createRenderCache(async (v) => (renders.push(v), checkedPage(v)));
    const first = checkedView(CAN, { FirstDay: SINCE, Lookups: 5, Devices: 3, Caution: false });
    await cache.learn(first, checkedPage(first));
    const rendersToLearn = renders.length;

    for (const [Lookups, Devices] of [
      [6, 3],
      [7, 4],
      [40, 12],
      [123_456, 98_765],
      [2, 2],
    ]) {
      const next = checkedView(CAN, { FirstDay: SINCE, Lookups, Devices, Caution: false });
      expect(cache.lookup(next)).toEqual(checkedPage(next));
    }
    expect(cache.stats()).toMatchObject({ filled: 5, templates: 1 });
    expect(renders).toHaveLength(rendersToLearn);
  });

  // Vietnamese has one plural form for every count: there only the key's 0 and 1 keep a first check apart.
  it.each(['en', 'vi'])(
    'renders what the counts change the page’s words or structure by: a first check, one device, a caution (%s)',
    async (language) => {
      const cache = createRenderCache(async (v) => checkedPage(v));
      const learnedFrom = checkedView(CAN, { FirstDay: SINCE, Lookups: 5, Devices: 3, Caution: false }, language);
      await cache.learn(learnedFrom, checkedPage(learnedFrom));
      const others = [
        checkedView(CAN, { FirstDay: SINCE, Lookups: 1, Devices: 1, Caution: false }, language),
        checkedView(CAN, { FirstDay: SINCE, Lookups: 1, Devices: 3, Caution: false }, language),
        checkedView(CAN, { FirstDay: SINCE, Lookups: 4, Devices: 1, Caution: false }, language),
        checkedView(CAN, { FirstDay: SINCE, Lookups: 50, Devices: 30, Caution: true }, language),
        checkedView(CAN, { FirstDay: '2026-10-01', Lookups: 5, Devices: 3, Caution: false }, language),
      ];
      for (const other of others) expect(cache.lookup(other)).toBeUndefined();
      expect(cache.stats()).toMatchObject({ filled: 0, rendered: others.length });
    },
  );

  it('never fills a count its language words otherwise than the stand-in (a plural form of its own)', async () => {
    // Russian words 2-4 ('few') unlike 5-20 and the stand-in ('many'); a proof's lookalike may take either.
    const worded = (v: PageView) => ({
      head: '',
      body: renderToString(<p>{`${checksOf(v).Devices} ${new Intl.PluralRules('ru').select(checksOf(v).Devices)}`}</p>),
    });
    const few = checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Devices: 3, Caution: false }, 'ru');
    let filled = 0;
    for (let i = 0; i < 30; i++) {
      const cache = createRenderCache(async (v) => worded(v));
      const learnedFrom = checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Devices: 7, Caution: false }, 'ru');
      await cache.learn(learnedFrom, worded(learnedFrom));
      const many = checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Devices: 12, Caution: false }, 'ru');
      if (cache.lookup(many) !== undefined) filled++;
      expect(cache.lookup(few)).toBeUndefined();
    }
    expect(filled).toBeGreaterThan(0);
  });

  it('proves a count by a lookalike number of as many digits: one that does not start with 0', () => {
    for (let i = 0; i < 200; i++) expect(lookalike('314159265')).toMatch(/^[1-9][0-9]{8}$/);
    expect(lookalike('0420')).toMatch(/^[0-9]{4}$/);
  });

  it('never fills a count a page writes otherwise than as its digits (a thousands separator)', async () => {
    const cache = createRenderCache(async (v) => checkedPage(v, { grouped: true }));
    const learnedFrom = checkedView(CAN, { FirstDay: SINCE, Lookups: 5, Devices: 3, Caution: false }, 'vi');
    await cache.learn(learnedFrom, checkedPage(learnedFrom, { grouped: true }));
    expect(
      cache.lookup(checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Devices: 1_234, Caution: false }, 'vi')),
    ).toBeUndefined();
    expect(cache.stats().templates).toBe(0);
  });
});
