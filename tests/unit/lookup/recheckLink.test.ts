import { describe, expect, it } from 'vitest';
import { withCode } from '@/features/lookup/addressCode';
import { codeLink, isRecheck, recheckLink } from '@/features/lookup/codeLink';

// Issue 36: the page's own links to a code are re-checks the service does not count; a code the shopper
// types or scans from there is a look of theirs again.
describe("the page's own links to a code", () => {
  it('carry the re-check mark; shares and the support desk do not', () => {
    expect(recheckLink('1D24B3261X54A2320')).toBe('/dt?qr=1D24B3261X54A2320&again=1');
    expect(isRecheck(new URLSearchParams('qr=1D24B3261X54A2320&again=1'), false)).toBe(true);
    expect(codeLink('1D24B3261X54A2320')).toBe('/dt?qr=1D24B3261X54A2320');
    expect(isRecheck(new URLSearchParams('qr=1D24B3261X54A2320'), false)).toBe(false);
  });

  it('are no re-check when the page is loaded at one: a counterfeit pack could carry the mark', () => {
    expect(isRecheck(new URLSearchParams('qr=1D24B3261X54A2320&again=1'), true)).toBe(false);
  });

  it('lose the mark when the shopper puts another code in the address (typed or scanned)', () => {
    const next = withCode(new URLSearchParams('qr=1D24B3261X54A2320&again=1&lng=en'), 'TH26A1105C48B0001');
    expect(next.toString()).toBe('qr=TH26A1105C48B0001&lng=en');
  });
});
