import { aiFormat, type AiFormat } from './applicationIdentifiers.ts';
import { CSET_39, CSET_82 } from './characterSets.ts';
import { hasValidCheckDigit } from './checkDigit.ts';
import type { DigitalLinkError } from './digitalLinkTypes.ts';

const DATE_AIS = new Set(['11', '12', '13', '15', '16', '17']);

/** The AI's value checked against its format: null when it holds, else why not. */
export function aiValueError(ai: string, value: string, today: Date): DigitalLinkError | null {
  const format = aiFormat(ai);
  if (!format) return { ok: false, reason: 'unknownAi', ai, detail: `${ai} is not a GS1 Application Identifier` };
  const fail = (reason: 'badCharacters' | 'badValue' | 'checkDigit', detail: string): DigitalLinkError => ({
    ok: false,
    reason,
    ai,
    detail: `AI ${ai}: ${detail}`,
  });
  let rest = value;
  for (const [index, component] of format.components.entries()) {
    const last = index === format.components.length - 1;
    const part = component.fixed ? rest.slice(0, component.length) : rest;
    if (!charactersAllowed(part, component.numeric, format)) return fail('badCharacters', 'characters not allowed');
    if (component.fixed ? part.length !== component.length : part.length > component.length)
      return fail('badValue', 'wrong length');
    rest = rest.slice(part.length);
    if (last && rest) return fail('badValue', 'too long');
  }
  // GS1 values are never empty (the first component at least one character).
  if (!value) return fail('badValue', 'empty');
  if (format.checkDigitOver && !hasValidCheckDigit(value.slice(0, format.checkDigitOver)))
    return fail('checkDigit', 'check digit does not hold');
  if (DATE_AIS.has(ai) && !gs1Date(value, today)) return fail('badValue', 'not a date');
  return null;
}

function charactersAllowed(part: string, numeric: boolean, format: AiFormat): boolean {
  if (numeric) return /^\d*$/.test(part);
  return (format.cset === 39 ? CSET_39 : CSET_82).test(part);
}

/**
 * A GS1 date YYMMDD as an ISO date, or null when impossible. Day 00 is the month's last day; the century is
 * GS1's sliding window (General Specifications 7.12): up to 49 years ahead of `today`'s year, else in the past.
 */
export function gs1Date(yymmdd: string, today: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const thisYear = today.getUTCFullYear();
  const difference = yy - (thisYear % 100);
  const century = Math.floor(thisYear / 100) + (difference >= 51 ? -1 : difference <= -50 ? 1 : 0);
  const year = century * 100 + yy;
  if (month < 1 || month > 12) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  const iso = (n: number, width: number) => String(n).padStart(width, '0');
  return `${iso(year, 4)}-${iso(month, 2)}-${iso(day === 0 ? lastDay : day, 2)}`;
}
