import { describe, expect, it, vi } from 'vitest';
import type { Gs1PageRenderRequest } from '@/contract/gs1/gs1Contract';
import type { TraceResponse } from '@/contract/traceContract';

vi.mock('react-router', () => import('react-router-dom'));

const { renderPage, renderCacheStats } = await import('@/ssr/entry-server');
const { demoResponses, EXAMPLE_CODE } = await import('../../support/mocks/fixtures');

/** The render request of the service's resolver, which adds a lot's or product's JSON (gs1Level). */
const renderGs1Page = renderPage as (request: Gs1PageRenderRequest) => ReturnType<typeof renderPage>;
const GTIN = '08930000000002';
const RECALL_TITLE = 'Lô sản phẩm này đã bị thu hồi';
const answer = (): TraceResponse => {
  const body = structuredClone(demoResponses.get(EXAMPLE_CODE)!);
  Object.assign(body.Data.Products[0], { Gtin: GTIN, Lot: 'L2026-0612' });
  return body;
};
const lookups: string[] = [];
const answerTrace = ({ QrCode }: { QrCode: string }) => {
  lookups.push(QrCode);
  return Promise.resolve({ status: 200, body: answer() });
};

describe("the server render at a GS1 Digital Link's address (issue 39)", () => {
  it('renders the unit its serial names, the code read as the live page reads it', async () => {
    const page = await renderPage({ url: `/01/${GTIN}/10/L2026-0612/21/${EXAMPLE_CODE}?17=280612`, answerTrace });
    expect(page.status).toBe(200);
    expect(lookups.at(-1)).toBe(EXAMPLE_CODE);
    expect(page.body).toContain(`value="${EXAMPLE_CODE}"`);
    expect(page.body).toContain('Thông tin sản phẩm');
    expect(page.body).not.toContain('không khớp');
    // The state the page hydrates with holds the same answer: no second lookup in the browser.
    expect(page.state).toContain(EXAMPLE_CODE);
  });

  it('serves an agreeing pack from the render cache, whatever lot or expiry the link also printed', async () => {
    const before = renderCacheStats();
    await renderPage({ url: `/01/${GTIN}/21/${EXAMPLE_CODE}`, answerTrace });
    // Learning is asynchronous: a later page of the same GTIN is filled from the template.
    await vi.waitFor(async () => {
      await renderPage({ url: `/01/${GTIN}/10/L2026-0612/21/${EXAMPLE_CODE}`, answerTrace });
      expect(renderCacheStats().filled).toBeGreaterThan(before.filled);
    });
  });

  it('writes the warning into the page where the pack disagrees, in both copies of the page', async () => {
    const page = await renderPage({ url: `/01/${GTIN}/10/L2025-FAKE/21/${EXAMPLE_CODE}`, answerTrace });
    expect(page.body).toContain('Mã trên bao bì không khớp với hồ sơ của chúng tôi');
    expect(page.body).toContain('ghi số lô L2025-FAKE; hồ sơ của chúng tôi cho mã này ghi số lô L2026-0612.');
    expect(page.alternate?.body).toContain('our record for this code says batch L2026-0612.');
  });

  it('renders a lot alone and a product alone without a lookup, and a malformed link as not found', async () => {
    const count = lookups.length;
    expect((await renderPage({ url: `/01/${GTIN}/10/L2026-0612`, answerTrace })).status).toBe(200);
    expect((await renderPage({ url: `/01/${GTIN}`, answerTrace })).status).toBe(200);
    expect(lookups.length).toBe(count);
    expect((await renderPage({ url: `/01/08930000000001/21/${EXAMPLE_CODE}`, answerTrace })).status).toBe(404);
  });

  it("writes a lot's status the service gave into the first HTML and into the state the page hydrates with", async () => {
    const lot = {
      Gtin: GTIN,
      Lot: 'L2026-0612',
      ProductCode: 'SB900G',
      ProductName: 'Sữa bột Đồng Xanh Gold 900g',
      ProductDate: '2026-06-12',
      ExpireDate: '2028-06-12',
    };
    const path = `/gs1/01/${GTIN}/10/L2026-0612`;
    const active = await renderGs1Page({
      url: `/01/${GTIN}/10/L2026-0612`,
      answerTrace,
      gs1Level: { path, status: 200, body: { ...lot, LotStatus: 'active' } },
    });
    expect(active.body).toContain('Lô này chưa bị thu hồi.');
    expect(active.alternate?.body).toContain('This batch has not been recalled.');
    expect(JSON.parse(active.state)).toMatchObject({ gs1Level: { path, status: 200, body: { LotStatus: 'active' } } });
    const recalled = await renderGs1Page({
      url: `/01/${GTIN}/10/L2026-0612`,
      answerTrace,
      gs1Level: { path, status: 200, body: { ...lot, LotStatus: 'recalled', RecallReason: null } },
    });
    expect(recalled.body).toContain(RECALL_TITLE);
    expect(recalled.body).not.toContain('Lô này chưa bị thu hồi.');
  });
});
