import type { TraceWireAnswer } from '@/contract/traceContract';
import { pickTraceResult } from '@/api/traceResult';
import { isRecord } from '@/api/wireValues';
import { UNITS_SHOWN_FIRST } from '@/features/lookup';
import { createHash } from 'node:crypto';

/** What a lookup page's HTML is a function of. */
export interface PageView {
  /** The route's own path ('/' or '/dt'): the page is rendered at it with the code alone in `qr`. */
  route: string;
  language: string;
  /** The code looked up (from the address, as the page reads it). */
  code: string;
  answer: TraceWireAnswer;
  /** The calendar day in Vietnam when its render started (expiry is counted in days there). */
  day: string;
}

/**
 * A view's slots: the texts its page shows verbatim and that change from one page of a product to the
 * next (the address's code, the item's codes, the unit codes it lists, the counts of checks), each with
 * the fixed stand-in that takes its place in the check render; and the key of everything else.
 */
export interface PageSlots {
  key: string;
  values: string[];
  standIns: string[];
  /** The view with every slot's value put as its stand-in. */
  standInView: () => PageView;
}

/** Nine digits found nowhere else on a page, of the plural form a count of two or more takes in vi and en. */
const COUNT_STAND_INS = { Lookups: 271_828_182, Networks: 314_159_265 } as const;

const rotate = (char: string, first: string, size: number, by: number) =>
  String.fromCharCode(first.charCodeAt(0) + ((char.charCodeAt(0) - first.charCodeAt(0) + by) % size));

/**
 * A code's stand-in: each ASCII letter or digit swapped for another of its class (letters 13 on, digits
 * 5 on), the rest kept. Of the code's shape, so a page that treats codes by their format renders it as
 * it renders the code; one to one, so equal codes have equal stand-ins and unequal ones unequal.
 */
export function standInOf(code: string): string {
  return code.replace(/[A-Za-z0-9]/g, (char) =>
    char <= '9' ? rotate(char, '0', 10, 5) : char <= 'Z' ? rotate(char, 'A', 26, 13) : rotate(char, 'a', 26, 13),
  );
}

/** What a stand-in keeps of a value: its length, the class of each ASCII letter or digit, every other character. */
export function shapeOf(value: string): string {
  return value.replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a').replace(/[0-9]/g, '9');
}

/** A key of fixed size however long the text it stands for (a carton's answer may hold 50,000 codes). */
export const digest = (text: string) => createHash('sha256').update(text).digest('base64');

/** A code field may be a slot when its stand-in differs from it: a string with a letter or digit. */
const isCode = (value: unknown): value is string => typeof value === 'string' && /[A-Za-z0-9]/.test(value);

/** A count is a slot from 2 on: the page words a first check (1) and none (0) otherwise. */
const isSlotCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 2;

interface AnswerSlots {
  /** The answer with every slot's value put as its shape (codes) or '#' (counts), unshown unit codes as their number. */
  digest: string;
  codes: string[];
  counts: { name: keyof typeof COUNT_STAND_INS; value: number }[];
  standInAnswer: () => TraceWireAnswer;
}

/** The record with its fields that hold a code put by `put`, each code found added to `codes`. */
function slotFields(record: unknown, fields: string[], codes: string[], put: (code: string) => string) {
  if (!isRecord(record)) return record;
  const copy = { ...record };
  for (const field of fields) {
    const value = record[field];
    if (!isCode(value)) continue;
    codes.push(value);
    copy[field] = put(value);
  }
  return copy;
}

/**
 * One pass over the answer: the item's codes (a box's or a unit's, and the unit's carton), the unit codes
 * the page lists (the first UNITS_SHOWN_FIRST valid ones, read as the page reads them) and the counts.
 * The unit codes past those are no part of the key nor of a template: only their number is shown.
 */
function answerSlotsOf(answer: TraceWireAnswer): AnswerSlots {
  const body = answer.body;
  const data = isRecord(body) && isRecord(body.Data) ? body.Data : null;
  const boxes = Array.isArray(data?.Box) ? data.Box : [];
  const products = Array.isArray(data?.Products) ? data.Products : [];
  const result = pickTraceResult(body);
  const units = result?.kind === 'box' ? result.extras.unitCodes : null;
  const shownUnits = units?.slice(0, UNITS_SHOWN_FIRST) ?? [];
  const checks = isRecord(body) && isRecord(body.Checks) ? body.Checks : null;
  const counts = (['Lookups', 'Networks'] as const).flatMap((name) => {
    const value = checks?.[name];
    return isSlotCount(value) ? [{ name, value }] : [];
  });

  // The answer with its codes put by `put`, its counts by `count` and the box's unit codes as `shaped` is given.
  const rebuilt = (put: (code: string) => string, count: (name: keyof typeof COUNT_STAND_INS) => unknown) => {
    const codes: string[] = [];
    const box = slotFields(boxes[0], ['Code'], codes, put);
    const product = slotFields(products[0], ['Code', 'CartonCode'], codes, put);
    codes.push(...shownUnits);
    const withUnits = (unitCodes: unknown) => (isRecord(box) && units ? { ...box, UnitCodes: unitCodes } : box);
    const shaped = (unitCodes: unknown): TraceWireAnswer => {
      if (!isRecord(body)) return answer;
      const shapedBody: Record<string, unknown> = { ...body };
      if (data)
        shapedBody.Data = {
          ...data,
          ...(boxes.length > 0 && { Box: [withUnits(unitCodes), ...boxes.slice(1)] }),
          ...(products.length > 0 && { Products: [product, ...products.slice(1)] }),
        };
      if (checks)
        shapedBody.Checks = { ...checks, ...Object.fromEntries(counts.map(({ name }) => [name, count(name)])) };
      return { status: answer.status, body: shapedBody as unknown as TraceWireAnswer['body'] };
    };
    return { codes, shaped };
  };

  const keyed = rebuilt(shapeOf, () => '#');
  // The page shows their number: the whole answer's, when the page server trimmed the list (UNIT_TOTAL).
  const unitCount = result?.extras.unitTotal ?? units?.length ?? 0;
  const unitsKey = { listed: shownUnits.map(shapeOf), count: unitCount };
  return {
    digest: digest(JSON.stringify(keyed.shaped(unitsKey))),
    codes: keyed.codes,
    counts,
    standInAnswer: () =>
      rebuilt(standInOf, (name) => COUNT_STAND_INS[name]).shaped(
        units && [...shownUnits.map(standInOf), ...units.slice(UNITS_SHOWN_FIRST)],
      ),
  };
}

/** Worked out once per answer: a request's page and its copy in the other language share it. */
const answerSlots = new WeakMap<TraceWireAnswer, AnswerSlots>();

/** The view's slots and key; null for a view whose check render could not tell two slots apart. */
export function pageSlotsOf(view: PageView): PageSlots | null {
  const ofAnswer = answerSlots.get(view.answer) ?? answerSlotsOf(view.answer);
  answerSlots.set(view.answer, ofAnswer);
  const codes = isCode(view.code) ? [view.code, ...ofAnswer.codes] : ofAnswer.codes;
  const codeStandIns = codes.map(standInOf);
  const countStandIns = ofAnswer.counts.map(({ name }) => String(COUNT_STAND_INS[name]));
  // A code whose stand-in is a count's: the check render could not tell their places apart.
  if (countStandIns.some((standIn) => codeStandIns.includes(standIn))) return null;
  const values = [...codes, ...ofAnswer.counts.map(({ value }) => String(value))];
  const plural = new Intl.PluralRules(view.language);
  const key = digest(
    JSON.stringify([
      view.route,
      view.language,
      view.day,
      ofAnswer.digest,
      isCode(view.code) ? shapeOf(view.code) : view.code,
      // Which codes are equal (so are their stand-ins): a template cut from one answer fits another only if they agree.
      codes.map((code) => codes.indexOf(code)),
      // The words a count takes ('one', 'few', 'other'...), which a page may write otherwise.
      ofAnswer.counts.map(({ value }) => plural.select(value)),
    ]),
  );
  return {
    key,
    values,
    standIns: [...codeStandIns, ...countStandIns],
    standInView: () => ({
      ...view,
      code: isCode(view.code) ? standInOf(view.code) : view.code,
      answer: ofAnswer.standInAnswer(),
    }),
  };
}
