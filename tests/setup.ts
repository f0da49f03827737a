import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { i18n, initI18n } from '@/i18n/i18n';
import { server } from './mocks/node';

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n();
});

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('vi');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.history.replaceState(null, '', '/');
});

afterAll(() => server.close());
