import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { i18n } from './i18nInstance';
import { server } from '../mocks/node';

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
