import type { CalendarDay } from './calendarDay';

// A fixed table rather than Intl's month names: the server (Node's ICU) and the browser (its own ICU)
// must write the same text, and ICU versions differ ('Sep' or 'Sept' in British English).
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (value: number) => String(value).padStart(2, '0');

/** dd/MM/yyyy in Vietnamese; '12 Jun 2026' in English, which no reader takes for the 6th of December. */
export function formatDay({ year, month, day }: CalendarDay, language: string): string {
  if (language === 'en') return `${day} ${EN_MONTHS[month - 1]} ${year}`;
  return `${two(day)}/${two(month)}/${year}`;
}
