import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@/i18n/languages';
import { brand } from '../../../theme/brand';

// Only the list's data is changed: everything that reads the list is the page's own code.
vi.mock('@/i18n/languageList', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/i18n/languageList')>();
  const { GERMAN } = await import('../../support/page/thirdLanguage');
  return { ...original, LANGUAGES: [...original.LANGUAGES, GERMAN] };
});

// Under Node, 'react-router-dom' loads react-router's CommonJS copy and 'react-router' its ES module copy,
// two router contexts that do not see each other; the server build bundles one. One copy here too.
vi.mock('react-router', () => import('react-router-dom'));

const { busyTexts, renderPage } = await import('@/ssr/entry-server');
const { pickTraceResult } = await import('@/api/traceResult');
const { replyText } = await import('@/features/support/replyText');
const { createServerI18n } = await import('@/i18n/i18n');
const { formatDay } = await import('@/i18n/formatDay');
const { demoResponses, EXAMPLE_CODE } = await import('../../support/mocks/fixtures');

describe('a third language, added as data', () => {
  it('writes dates in its own format', () => {
    expect(formatDay({ year: 2026, month: 6, day: 12 }, 'de')).toBe('12.06.2026');
    expect(formatDay({ year: 2026, month: 6, day: 12 }, 'en')).toBe('12 Jun 2026');
  });

  it('renders the page on the server in it, chosen by the address, with its title, texts and dates', async () => {
    const answer = demoResponses.get(EXAMPLE_CODE);
    const page = await renderPage({
      url: `/dt?qr=${EXAMPLE_CODE}&lng=de`,
      answerTrace: () => Promise.resolve({ status: 200, body: answer }),
    });
    expect(page.lang).toBe('de');
    expect(page.title).toMatch(/^QR-Code prüfen – /);
    expect(page.description).toBe('Rückverfolgung eines Milchprodukts per QR-Code.');
    expect(page.body).toContain('QR-Code prüfen');
    expect(page.body).toContain('Produktinformationen');
    expect(page.body).toContain('12.06.2026');
    // More than two languages: the header's button opens a menu instead of switching.
    expect(page.body).toMatch(/aria-haspopup="menu"/);
  });

  it('renders in it for a visitor whose saved choice or browser asks for it', async () => {
    const answerTrace = () => Promise.reject(new Error('no lookup on this page'));
    expect((await renderPage({ url: '/', cookie: 'i18nextLng=de', answerTrace })).lang).toBe('de');
    expect((await renderPage({ url: '/', acceptLanguage: 'de-DE,de;q=0.9', answerTrace })).lang).toBe('de');
  });

  it("words the service's busy page (429, 503) in the language the page would have had", async () => {
    const { GERMAN } = await import('../../support/page/thirdLanguage');
    const vi = (await import('../../../locales/vi.json')).default;
    expect(busyTexts({ url: '/dt?qr=X&lng=de' }, 30)).toEqual({
      lang: 'de',
      brand: brand.name,
      primary: brand.primary,
      pageTitle: `QR-Code prüfen – ${brand.name}`,
      title: GERMAN.catalogue.busy.title,
      hint: 'Bitte warten: die Seite lädt in 30 Sekunden neu. Mit Ihrem Produkt hat das nichts zu tun.',
      retry: GERMAN.catalogue.busy.retry,
    });
    expect(busyTexts({ url: '/', acceptLanguage: 'de-DE,de;q=0.9' }, 1).lang).toBe('de');
    expect(busyTexts({ url: '/', cookie: 'i18nextLng=en' }, 1).lang).toBe('en');
    expect(busyTexts({ url: '//' }, 60)).toMatchObject({
      lang: 'vi',
      title: vi.busy.title,
      hint: 'Trang sẽ tự tải lại sau 60 giây. Việc này không liên quan đến sản phẩm của bạn.',
    });
  });

  it('answers a customer in it from the support desk', async () => {
    const { GERMAN_DESK_TEXTS } = await import('../../support/page/thirdLanguage');
    const result = pickTraceResult(demoResponses.get(EXAMPLE_CODE));
    // The list's type knows only the real languages; the mocked list holds 'de' too.
    const instance = createServerI18n('de' as Language);
    instance.addResourceBundle('de', 'translation', GERMAN_DESK_TEXTS, true, true);
    const text = replyText([{ code: EXAMPLE_CODE, outcome: 'found', result, suggestions: null, sentAs: null }], {
      t: instance.getFixedT('de'),
      language: 'de',
      now: new Date('2026-07-01T03:00:00Z'),
      origin: 'https://trace.example.vn',
    });
    expect(text.startsWith('Guten Tag und danke für Ihre Nachricht. Das haben wir gefunden:')).toBe(true);
    expect(text).toContain('Herstellungsdatum: 12.06.2026; Verbrauchsdatum: 12.06.2028.');
  });
});
