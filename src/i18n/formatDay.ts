import { languageEntry } from './languages';
import type { CalendarDay } from '@/contract/vietnamDay';

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A day written the way its language's catalogue says (`date.format`, e.g. dd/MM/yyyy in Vietnamese,
 * '12 Jun 2026' in English, which no reader takes for the 6th of December). Month names come from the
 * catalogue too, not from Intl: the server (Node's ICU) and the browser (its own) must write the same
 * text, and ICU versions differ ('Sep' or 'Sept' in British English).
 */
export function formatDay({ year, month, day }: CalendarDay, language: string): string {
  const { format, months } = languageEntry(language).catalogue.date;
  const parts: Record<string, string> = {
    d: String(day),
    dd: two(day),
    m: String(month),
    mm: two(month),
    mon: months.split(' ')[month - 1],
    yyyy: String(year),
  };
  return format.replace(/{{(\w+)}}/g, (whole, name: string) => parts[name] ?? whole);
}
