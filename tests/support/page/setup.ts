import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { i18n } from './i18nInstance';
import { server } from '../mocks/node';

// Parts of the page load on demand (the scanner's dialog and photo actions, the language menu, the recall watch,
// the support desk): a test waits for what the shopper sees however long a busy machine takes to load them
// (thirdLanguage.test.tsx once failed under load, waiting 1 s for the language menu). findBy* and waitFor return
// as soon as it shows: the bound only sets how long a failing test takes to say so.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, so it has no scrollIntoView; the desk scrolls its reports into view at a tap (the
// browser's part, checked in tests/e2e/shopperReport.e2e.ts). Without this a test that taps it throws after it ends.
Element.prototype.scrollIntoView ??= () => {};

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('vi');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  window.history.replaceState(null, '', '/');
});

afterAll(() => server.close());
