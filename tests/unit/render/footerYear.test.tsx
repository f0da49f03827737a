import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/page/render';

afterEach(() => {
  vi.useRealTimers();
});

// The server's render cache keys pages by Vietnam's day: a footer in the server's own zone would show
// last year's number for seven hours of New Year's Day on every page served from a template.
it("shows Vietnam's year in the footer, whatever zone the server or phone is set to", async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 01:30 on 1 January 2027 in Vietnam, still 2026 in UTC (this machine's zone).
  vi.setSystemTime(new Date('2026-12-31T18:30:00Z'));
  await renderApp({ route: '/' });
  expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2027');
});
