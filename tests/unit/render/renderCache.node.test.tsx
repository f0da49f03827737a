import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TraceWireAnswer } from '@/contract/traceContract';
import { pickTraceResult } from '@/api/traceResult';
import { vietnamDay } from '@/contract/vietnamDay';
import { createRenderCache, type PageHtml, type PageView } from '@/ssr/renderCache';
import { standInOf } from '@/ssr/pageSlots';
import type { TraceResponse } from '@/contract/traceContract';
import { readBigAnswer } from '../../../server/upstream/bigAnswer.ts';
import { TrimmedAnswer } from '../../../server/upstream/checkedAnswer.ts';

interface Item {
  Code: string;
  ProductName: string;
  ExpireDate: string;
  ProductUnit: string;
  CartonCode?: string;
  UnitCodes?: string[];
}

const TODAY = vietnamDay();

function view(item: Item, code = item.Code, extra: Partial<PageView> = {}): PageView {
  const answer: TraceWireAnswer = { status: 200, body: { Data: { Products: [item as never], Box: [] } } };
  return { route: '/dt', language: 'vi', code, answer, day: TODAY, ...extra };
}

/** A carton's view: the item is the answer's first box. */
function cartonView(item: Item, code = item.Code): PageView {
  const answer: TraceWireAnswer = { status: 200, body: { Data: { Products: [], Box: [item as never] } } };
  return { route: '/dt', language: 'vi', code, answer, day: TODAY };
}

const itemOf = ({ answer }: PageView) => {
  const { Data } = answer.body as { Data: { Products: Item[]; Box: Item[] } };
  return Data.Box[0] ?? Data.Products[0];
};

/**
 * A page the way the real one treats its data: the code and the name shown as they are, the unit looked
 * up in words, the expiry date reformatted, a carton's first ten valid unit codes listed (read as the
 * page reads them) with their number; `prefixApart` styles a code starting with "TH" apart.
 */
function page(v: PageView, { prefixApart = false } = {}): PageHtml {
  const item = itemOf(v);
  const [year, month, day] = item.ExpireDate.split('-');
  const result = pickTraceResult(v.answer.body);
  const units = result?.kind === 'box' ? result.extras.unitCodes : [];
  const unitCount = result?.extras.unitTotal ?? units.length;
  return {
    head: `<style>.name{font-weight:700}</style>`,
    body: renderToString(
      <main>
        <input defaultValue={v.code} aria-label="code" placeholder="1D24B3261X54A2320" />
        <h1 className={prefixApart && item.Code.startsWith('TH') ? 'ours' : 'name'}>{item.ProductName}</h1>
        <p>{item.ProductUnit === 'lon' ? 'Lon' : item.ProductUnit}</p>
        <p>
          Hạn dùng: {day}/{month}/{year}
        </p>
        <a href={`/dt?qr=${item.Code}&amp;lng=${v.language}`}>{item.Code}</a>
        {item.CartonCode && <a href={`/dt?qr=${item.CartonCode}`}>{item.CartonCode}</a>}
        {units.length > 0 && (
          <ul>
            {units.slice(0, 10).map((unit) => (
              <li key={unit}>{unit}</li>
            ))}
            <button>Show all {unitCount}</button>
          </ul>
        )}
      </main>,
    ),
  };
}

function counted(render = (v: PageView) => page(v)) {
  const rendered: PageView[] = [];
  const cache = createRenderCache(async (v) => {
    rendered.push(v);
    return render(v);
  });
  return { cache, renders: () => rendered.length, rendered };
}

const CAN: Item = {
  Code: 'TH26A1105C48B0001',
  ProductName: 'Sữa bột <Gold> & "Plus"',
  ExpireDate: '2027-05-31',
  ProductUnit: 'lon',
  CartonCode: 'TH26A1105C48B0000',
};

/** A code of CAN's shape, other than its own. */
const canCode = (n: number) => `TH26A1105C48B${String(n).padStart(4, '0')}`;

describe('render cache', () => {
  it('learns a page by one check render and serves another code of the product exactly as a render gives it', async () => {
    const { cache, renders, rendered } = counted();
    const first = view(CAN);
    expect(cache.lookup(first)).toBeUndefined();
    await cache.learn([{ view: first, html: page(first) }]);
    expect(renders()).toBe(1);
    // The check render: the codes put as their fixed stand-ins.
    expect(rendered[0].code).toBe(standInOf(CAN.Code));
    expect(itemOf(rendered[0])).toMatchObject({ Code: 'GU71N6650P93O5556', CartonCode: 'GU71N6650P93O5555' });

    const other = view({ ...CAN, Code: canCode(777), CartonCode: canCode(776) });
    const filled = cache.lookup(other);
    expect(filled).toEqual(page(other));
    expect(filled?.body).toContain(canCode(777));
    expect(filled?.body).not.toContain(CAN.Code);
    expect(cache.stats()).toMatchObject({ filled: 1, rendered: 1, templates: 1 });
    expect(renders()).toBe(1);
  });

  it('gives what a render gives for many codes of the shape learned', async () => {
    const { cache, renders } = counted();
    await cache.learn([{ view: view(CAN), html: page(view(CAN)) }]);
    for (let i = 0; i < 200; i++) {
      const v = view({ ...CAN, Code: canCode(i * 37), CartonCode: canCode(9999 - i) });
      expect(cache.lookup(v)).toEqual(page(v));
    }
    expect(cache.stats().filled).toBe(200);
    expect(renders()).toBe(1);
  });

  it('keeps everything but the codes and counts in the key: another name, date, unit or code shape is rendered', async () => {
    const { cache } = counted();
    await cache.learn([{ view: view(CAN), html: page(view(CAN)) }]);
    const others = [
      { ...CAN, Code: canCode(2), ProductName: 'Sữa bột <Gold> & "Plus!"' },
      { ...CAN, Code: canCode(2), ProductName: 'Sữa bột <Bold> & "Plus"' },
      { ...CAN, Code: canCode(2), ExpireDate: '2027-06-30' },
      { ...CAN, Code: canCode(2), ProductUnit: 'hộp' },
      { ...CAN, Code: 'th26a1105c48b0002' },
      { ...CAN, Code: `${canCode(2)}X` },
    ];
    for (const item of others) expect(cache.lookup(view(item))).toBeUndefined();
  });

  it('keeps nothing of a page that decides by a code, and never checks its key again', async () => {
    const apart = (v: PageView) => page(v, { prefixApart: true });
    const { cache, renders } = counted(apart);
    await cache.learn([{ view: view(CAN), html: apart(view(CAN)) }]);
    expect(cache.stats()).toMatchObject({ templates: 0, checksFailed: 1 });
    const other = view({ ...CAN, Code: canCode(3) });
    expect(cache.lookup(other)).toBeUndefined();
    await cache.learn([{ view: other, html: apart(other) }]);
    expect(renders()).toBe(1);
  });

  it('keeps nothing of a page with a code too short to be a slot (it would be found all over the page)', async () => {
    const { cache } = counted();
    await cache.learn([{ view: view({ ...CAN, CartonCode: 'X1' }), html: page(view({ ...CAN, CartonCode: 'X1' })) }]);
    expect(cache.stats()).toMatchObject({ templates: 0, checksFailed: 1 });
  });

  it('serves a template only to answers whose equal codes are equal where the learned one had them', async () => {
    const { cache } = counted();
    // Learned from a page where the address's code and the item's code agree...
    await cache.learn([{ view: view(CAN), html: page(view(CAN)) }]);
    // ...so a page where they differ is rendered, not filled with one of them.
    expect(cache.lookup(view({ ...CAN, Code: canCode(5) }, canCode(6)))).toBeUndefined();
    expect(cache.lookup(view({ ...CAN, Code: canCode(5) }))).toEqual(page(view({ ...CAN, Code: canCode(5) })));
  });

  it('keeps a code that also appears elsewhere on the page where it is not the code (a placeholder)', async () => {
    const { cache } = counted();
    await cache.learn([{ view: view(CAN), html: page(view(CAN)) }]);
    const placeholder = view({ ...CAN, Code: '1D24B3261X54A2320' }, '1D24B3261X54A2320');
    // Another shape (digit first): rendered; learned in its own right, then filled for another code.
    expect(cache.lookup(placeholder)).toBeUndefined();
    await cache.learn([{ view: placeholder, html: page(placeholder) }]);
    const next = view({ ...CAN, Code: '2B71C4402Y88D1234' }, '2B71C4402Y88D1234');
    expect(cache.lookup(next)).toEqual(page(next));
    expect(cache.lookup(next)?.body).toContain('placeholder="1D24B3261X54A2320"');
  });

  it('keys pages by the day in Vietnam and by language', async () => {
    const { cache } = counted();
    await cache.learn([{ view: view(CAN), html: page(view(CAN)) }]);
    expect(cache.lookup(view({ ...CAN, Code: canCode(4) }, undefined, { day: '2020-01-01' }))).toBeUndefined();
    expect(cache.lookup(view({ ...CAN, Code: canCode(4) }, undefined, { language: 'en' }))).toBeUndefined();
    // A render that started on another day than the one it is learned on is not kept.
    const yesterday = view(CAN, undefined, { day: '2020-01-01' });
    await cache.learn([{ view: yesterday, html: page(yesterday) }]);
    expect(cache.stats().templates).toBe(1);
  });

  it('caches nothing for a page that is not a function of its answer', async () => {
    let n = 0;
    const varying = (v: PageView) => ({ head: '', body: `${page(v).body}<p>${n++}</p>` });
    const { cache } = counted(varying);
    await cache.learn([{ view: view(CAN), html: varying(view(CAN)) }]);
    expect(cache.lookup(view({ ...CAN, Code: canCode(5) }))).toBeUndefined();
    expect(cache.stats()).toMatchObject({ templates: 0, checksFailed: 1 });
  });

  it('never cuts a code out of the styles, nor where it would start a URL (review S10, L2)', async () => {
    const styled = (v: PageView) => ({ ...page(v), head: `<style>.c-${v.code}{color:red}</style>` });
    const linked = (v: PageView) => ({ ...page(v), body: `${page(v).body}<a href="${v.code}">x</a>` });
    for (const render of [styled, linked]) {
      const { cache } = counted(render);
      await cache.learn([{ view: view(CAN), html: render(view(CAN)) }]);
      expect(cache.stats().templates).toBe(0);
    }
  });

  it('holds templates up to a byte budget, dropping the least recently used', async () => {
    const learnOne = (cache: ReturnType<typeof createRenderCache>, ExpireDate: string) =>
      cache.learn([{ view: view({ ...CAN, ExpireDate }), html: page(view({ ...CAN, ExpireDate })) }]);
    const probe = createRenderCache(async (v) => page(v));
    await learnOne(probe, '2027-01-01');
    const onePage = probe.stats().bytes;
    // Two bytes a character of the templates' parts and of a fixed-size key.
    expect(onePage).toBeGreaterThan(2 * page(view(CAN)).body.length - 200);
    expect(onePage).toBeLessThan(2 * (page(view(CAN)).body.length + page(view(CAN)).head.length) + 200);

    const cache = createRenderCache(async (v) => page(v), { maxBytes: 2.5 * onePage });
    for (const ExpireDate of ['2027-01-01', '2027-02-01']) await learnOne(cache, ExpireDate);
    const at = (ExpireDate: string) => cache.lookup(view({ ...CAN, Code: canCode(6), ExpireDate }));
    // Used again: the least recently used is now February's.
    expect(at('2027-01-01')).toBeDefined();
    await learnOne(cache, '2027-03-01');
    expect(cache.stats()).toMatchObject({ templates: 2, bytes: 2 * onePage });
    expect(at('2027-02-01')).toBeUndefined();
    expect(at('2027-01-01')).toBeDefined();
    expect(at('2027-03-01')).toBeDefined();
  });

  it('runs one learning at a time, dropping what comes meanwhile', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = createRenderCache(async (v) => gate.then(() => page(v)));
    const first = cache.learn([{ view: view(CAN), html: page(view(CAN)) }]);
    const box = { ...CAN, ProductUnit: 'hộp' };
    await cache.learn([{ view: view(box), html: page(view(box)) }]);
    expect(cache.stats().learnsDropped).toBe(1);
    release();
    await first;
    expect(cache.stats().templates).toBe(1);
    expect(cache.lookup(view({ ...box, Code: canCode(7) }))).toBeUndefined();
  });
});

/** A carton of `count` units, its codes numbered from `from`; `list` wraps the list (to count its reads). */
function carton(count: number, from = 0, list = (codes: string[]) => codes): Item {
  const codes = Array.from({ length: count }, (_, i) => `TH26A1105C48U${String(from + i).padStart(5, '0')}`);
  return { ...CAN, Code: canCode(from % 10_000), CartonCode: undefined, ProductUnit: 'thùng', UnitCodes: list(codes) };
}

describe('render cache and a carton of 50,000 units (issue 37 point 4, review N6)', () => {
  it('renders its page with the first ten listed, keeps the units past them out of the template, and fills another carton', async () => {
    const { cache, renders } = counted();
    const big = cartonView(carton(50_000));
    const html = page(big);
    expect(html.body).toContain('TH26A1105C48U00009');
    expect(html.body).not.toContain('TH26A1105C48U00010');
    expect(html.body).toContain('Show all <!-- -->50000');
    await cache.learn([{ view: big, html }]);
    expect(renders()).toBe(1);
    const small = createRenderCache(async (v) => page(v));
    await small.learn([{ view: cartonView(carton(50_000, 7)), html: page(cartonView(carton(50_000, 7))) }]);
    // Units the page does not list cost the template nothing.
    expect(cache.stats().bytes).toBe(small.stats().bytes);

    const other = cartonView(carton(50_000, 50_000));
    expect(cache.lookup(other)).toEqual(page(other));
    // Another number of units is another page ("Show all").
    expect(cache.lookup(cartonView(carton(49_999, 50_000)))).toBeUndefined();
  });

  it('keys, learns and fills the answer the page server trimmed (server/upstream/bigAnswer.ts) as the whole one, by its number of units', async () => {
    /** The view of the carton's answer as the page server's render reads it: the listed codes and their number. */
    const trimmed = (item: Item): PageView => {
      const whole = cartonView(item);
      const verdict = readBigAnswer(Buffer.from(JSON.stringify(whole.answer.body)), item.Code);
      if (!('page' in verdict)) throw new Error(`not an answer: ${JSON.stringify(verdict)}`);
      const answer = new TrimmedAnswer(Buffer.from(verdict.json), verdict.page as TraceResponse, verdict.unitTotal);
      return { ...whole, answer: answer.wire() };
    };
    const full = { ...carton(50_000), ProductCode: 'P1', ProductDate: '2026-01-05', TotalPacket: 50_000 };
    const first = trimmed(full);
    expect((itemOf(first).UnitCodes ?? []).length).toBe(10);
    expect(page(first)).toEqual(page(cartonView(full)));

    const { cache } = counted();
    await cache.learn([{ view: first, html: page(first) }]);
    const another = { ...carton(50_000, 50_000), ProductCode: 'P1', ProductDate: '2026-01-05', TotalPacket: 50_000 };
    expect(cache.lookup(trimmed(another))).toEqual(page(cartonView(another)));
    // Ten codes listed either way, the same packets said: the number of codes tells the pages apart ("Show all").
    const fewer = { ...carton(49_999, 50_000), ProductCode: 'P1', ProductDate: '2026-01-05', TotalPacket: 50_000 };
    expect(cache.lookup(trimmed(fewer))).toBeUndefined();
  });

  it('reads each unit code a bounded number of times to key, learn and fill its page: linear in the carton', async () => {
    /** Reads of the answer's unit codes while a carton of `count` units is looked up, learned and filled. */
    async function reads(count: number) {
      let gets = 0;
      const counting = (codes: string[]) =>
        new Proxy(codes, {
          get(target, property, receiver) {
            gets++;
            return Reflect.get(target, property, receiver) as unknown;
          },
        });
      const cache = createRenderCache(async (v) => page(v));
      const first = cartonView(carton(count, 0, counting));
      const html = page(first);
      gets = 0;
      expect(cache.lookup(first)).toBeUndefined();
      await cache.learn([{ view: first, html }]);
      const next = cartonView(carton(count, count, counting));
      expect(cache.lookup(next)).toBeDefined();
      return gets;
    }
    const small = await reads(5_000);
    const large = await reads(50_000);
    // Ten times the units, ten times the reads (learning by leaf was a hundred times).
    expect(large / small).toBeLessThan(11);
    expect(large).toBeLessThan(20 * 50_000);
  });
});

interface Checks {
  FirstDay: string;
  Lookups: number;
  Networks: number;
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
  const { Lookups, Networks, Caution, FirstDay } = checksOf(v);
  const devices = grouped ? Networks.toLocaleString('vi') : String(Networks);
  const line =
    Lookups === 1
      ? 'First check'
      : `Checked on ${devices} ${new Intl.PluralRules(v.language).select(Networks) === 'one' ? 'device' : 'devices'} since ${FirstDay.split('-').reverse().join('/')}`;
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
    const { cache, renders } = counted((v) => checkedPage(v));
    const first = checkedView(CAN, { FirstDay: SINCE, Lookups: 5, Networks: 3, Caution: false });
    await cache.learn([{ view: first, html: checkedPage(first) }]);
    for (const [Lookups, Networks] of [
      [6, 3],
      [7, 4],
      [40, 12],
      [123_456, 98_765],
      [2, 2],
    ]) {
      const next = checkedView(CAN, { FirstDay: SINCE, Lookups, Networks, Caution: false });
      expect(cache.lookup(next)).toEqual(checkedPage(next));
    }
    expect(cache.stats()).toMatchObject({ filled: 5, templates: 1 });
    expect(renders()).toBe(1);
  });

  // Vietnamese has one plural form for every count: there only the key's 0 and 1 keep a first check apart.
  it.each(['en', 'vi'])(
    'renders what the counts change the page’s words or structure by: a first check, one device, a caution (%s)',
    async (language) => {
      const cache = createRenderCache(async (v) => checkedPage(v));
      const learnedFrom = checkedView(CAN, { FirstDay: SINCE, Lookups: 5, Networks: 3, Caution: false }, language);
      await cache.learn([{ view: learnedFrom, html: checkedPage(learnedFrom) }]);
      const others = [
        checkedView(CAN, { FirstDay: SINCE, Lookups: 1, Networks: 1, Caution: false }, language),
        checkedView(CAN, { FirstDay: SINCE, Lookups: 1, Networks: 3, Caution: false }, language),
        checkedView(CAN, { FirstDay: SINCE, Lookups: 4, Networks: 1, Caution: false }, language),
        checkedView(CAN, { FirstDay: SINCE, Lookups: 50, Networks: 30, Caution: true }, language),
        checkedView(CAN, { FirstDay: '2026-10-01', Lookups: 5, Networks: 3, Caution: false }, language),
      ];
      for (const other of others) expect(cache.lookup(other)).toBeUndefined();
      expect(cache.stats()).toMatchObject({ filled: 0, rendered: others.length });
    },
  );

  it('never fills a count its language words otherwise than the count learned (a plural form of its own)', async () => {
    // Russian words 2-4 ('few') unlike 5-20 and the stand-in ('many').
    const worded = (v: PageView) => ({
      head: '',
      body: renderToString(
        <p>{`${checksOf(v).Networks} ${new Intl.PluralRules('ru').select(checksOf(v).Networks)}`}</p>,
      ),
    });
    const cache = createRenderCache(async (v) => worded(v));
    const learnedFrom = checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Networks: 7, Caution: false }, 'ru');
    await cache.learn([{ view: learnedFrom, html: worded(learnedFrom) }]);
    const many = checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Networks: 12, Caution: false }, 'ru');
    expect(cache.lookup(many)).toEqual(worded(many));
    const few = checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Networks: 3, Caution: false }, 'ru');
    expect(cache.lookup(few)).toBeUndefined();
    // Learned from a 'few' count, the check (a 'many' stand-in) fails: that key stays rendered.
    await cache.learn([{ view: few, html: worded(few) }]);
    expect(cache.stats()).toMatchObject({ templates: 1, checksFailed: 1 });
  });

  it('never fills a count a page writes otherwise than as its digits (a thousands separator)', async () => {
    const cache = createRenderCache(async (v) => checkedPage(v, { grouped: true }));
    const learnedFrom = checkedView(CAN, { FirstDay: SINCE, Lookups: 5, Networks: 3, Caution: false }, 'vi');
    await cache.learn([{ view: learnedFrom, html: checkedPage(learnedFrom, { grouped: true }) }]);
    expect(
      cache.lookup(checkedView(CAN, { FirstDay: SINCE, Lookups: 9, Networks: 1_234, Caution: false }, 'vi')),
    ).toBeUndefined();
    expect(cache.stats().templates).toBe(0);
  });
});
