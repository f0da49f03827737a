import { describe, expect, it } from 'vitest';
import { pickTraceResult } from '@/api/traceResult';
import type { CheckedCode } from '@/features/support/checkedCode';
import { replyText, type ReplyContext } from '@/features/support/replyText';
import { addDeskTexts } from '@/features/support/deskTexts';
import { GS1_CATALOGUES } from '@/features/lookup/digitalLink/gs1Catalogues';
import { addGs1Texts } from '@/features/lookup/digitalLink/gs1Texts';
import { i18n } from '../../support/page/i18nInstance';
import { CARTON_CODE, UNIT_IN_CARTON_CODE, answerWithExtras, demoResponses } from '../../support/mocks/fixtures';

// The desk adds its texts to the page's instance when it opens (src/features/support/SupportRoute.tsx).
addDeskTexts(i18n);
addGs1Texts(i18n, GS1_CATALOGUES);

const NOW = new Date('2026-07-01T03:00:00Z');
const context = (language: 'vi' | 'en'): ReplyContext => ({
  t: i18n.getFixedT(language),
  language,
  now: NOW,
  origin: 'https://trace.example.vn',
});

function found(code: string, body = demoResponses.get(code)): CheckedCode {
  return { code, outcome: 'found', result: pickTraceResult(body), suggestions: null, sentAs: null };
}
const missing = (code: string, outcome: CheckedCode['outcome']): CheckedCode => ({
  code,
  outcome,
  result: null,
  suggestions: null,
  sentAs: null,
});

describe('replyText', () => {
  it('answers a found code in polite Vietnamese: product, unit, dates, expiry, link', () => {
    expect(replyText([found('1D24B3261X54A2320')], context('vi'))).toBe(
      [
        'Dạ, em chào anh/chị. Em đã kiểm tra mã anh/chị gửi, thông tin như sau ạ:',
        [
          'Mã 1D24B3261X54A2320: Sữa bột Đồng Xanh Gold 900g (lon).',
          'Ngày sản xuất: 12/06/2026, hạn sử dụng: 12/06/2028.',
          'Sản phẩm còn hạn sử dụng (còn 712 ngày) ạ.',
          'Hiện lô sản phẩm này không bị thu hồi ạ.',
          'Anh/chị xem chi tiết tại: https://trace.example.vn/dt?qr=1D24B3261X54A2320',
        ].join('\n'),
        'Anh/chị cần hỗ trợ thêm gì cứ nhắn em nhé. Em cảm ơn anh/chị ạ.',
      ].join('\n\n'),
    );
  });

  it('answers the same code in English when staff choose it, whatever the page language', () => {
    const text = replyText([found('1D24B3261X54A2320')], context('en'));
    expect(text).toContain('Code 1D24B3261X54A2320: Sữa bột Đồng Xanh Gold 900g (can).');
    expect(text).toContain('Manufacturing date: 12 Jun 2026; expiry date: 12 Jun 2028.');
    expect(text).not.toMatch(/best before/i);
    expect(text).toContain('The product is in date (712 days left).');
    expect(text).toContain('Full details: https://trace.example.vn/dt?qr=1D24B3261X54A2320');
  });

  it('warns of an expired product and a recalled lot, and names the carton', () => {
    const recalled = answerWithExtras('HP26A1105C48B0001', {
      LotStatus: 'recalled',
      RecallReason: 'bao bì lỗi',
      CartonCode: 'TH26A1105C48B0001',
    });
    const text = replyText([found('EX24B0105Q90X00001'), found('HP26A1105C48B0001', recalled)], context('vi'));
    expect(text).toContain(
      'Sản phẩm đã hết hạn sử dụng (HSD: 05/07/2025), anh/chị vui lòng không dùng sản phẩm này ạ.',
    );
    expect(text).toContain(
      'Lưu ý: lô sản phẩm này đã bị thu hồi.\nLý do: bao bì lỗi\nAnh/chị vui lòng không sử dụng sản phẩm',
    );
    expect(text).toContain('Sản phẩm thuộc thùng TH26A1105C48B0001.');
  });

  it("gives shoppers' lookups of the code as facts, and the caution first, right after the product", () => {
    const counted = (checks: object) =>
      found('1D24B3261X54A2320', { ...demoResponses.get('1D24B3261X54A2320')!, Checks: checks } as never);
    const once = replyText(
      [counted({ FirstDay: '2026-06-20', Lookups: 1, Networks: 1, Caution: false })],
      context('en'),
    );
    expect(once).toContain('Our records show this code has been looked up 1 time, on 20 Jun 2026.\nFull details:');
    const few = replyText(
      [counted({ FirstDay: '2026-06-20', Lookups: 3, Networks: 1, Caution: false })],
      context('en'),
    );
    expect(few).toContain(
      'Our records show this code was first looked up on 20 Jun 2026 and has been looked up 3 times in all.\nFull details:',
    );
    expect(few).not.toMatch(/copied|device/);
    const many = replyText(
      [counted({ FirstDay: '2026-06-20', Lookups: 30, Networks: 12, Caution: true })],
      context('vi'),
    );
    // The safety line straight after the product: in a chat bubble the rest may never be read.
    expect(many).toContain(
      [
        'Mã 1D24B3261X54A2320: Sữa bột Đồng Xanh Gold 900g (lon).',
        'Lưu ý: gần đây mã này được tra cứu từ nhiều nơi khác nhau. Có thể mã đã bị sao chép sang bao bì khác, cũng có thể chỉ là người nhà hoặc cửa hàng đã tra cứu. Để bên em kiểm tra kỹ hơn, anh/chị chụp giúp em mã QR, ngày sản xuất, hạn sử dụng và phần niêm phong của sản phẩm gửi em nhé.',
        'Ngày sản xuất:',
      ].join('\n'),
    );
    expect(many).toContain(
      [
        'Theo ghi nhận, mã này được tra cứu lần đầu ngày 20/06/2026, đến nay có 30 lượt tra cứu ạ.',
        'Anh/chị xem chi tiết tại: https://trace.example.vn/dt?qr=1D24B3261X54A2320',
      ].join('\n'),
    );
    expect(many).not.toMatch(/thiết bị|12 lượt/);
    expect(replyText([found('1D24B3261X54A2320')], context('vi'))).not.toContain('tra cứu lần đầu');
  });

  it("says where a pasted Digital Link's pack disagrees with the record, in the shopper page's words", () => {
    const answer = structuredClone(demoResponses.get('1D24B3261X54A2320')!);
    Object.assign(answer.Data.Products[0], { Gtin: '08930000000002', Lot: 'L2026-0612' });
    const row: CheckedCode = {
      ...found('1D24B3261X54A2320', answer),
      pack: { gtin: '08930000000002', lot: 'L2025-FAKE', expiry: null },
    };
    const reply = replyText([row], context('vi'));
    expect(reply).toContain(
      'Mã trên bao bì này ghi số lô L2025-FAKE; hồ sơ của chúng tôi cho mã này ghi số lô L2026-0612.',
    );
    // Right after the product, before the dates: in a chat bubble the later lines may never be read.
    expect(reply.indexOf('L2025-FAKE')).toBeLessThan(reply.indexOf('Ngày sản xuất'));
    expect(replyText([{ ...row, pack: { ...row.pack!, lot: 'L2026-0612' } }], context('vi'))).not.toContain('L2025');
  });

  it('says what to do for a code not found, invalid or not looked up, and leaves pending ones out', () => {
    const text = replyText(
      [
        missing('ZZ99Z9999Z99Z9999', 'notFound'),
        missing('1D24B3261X54A232', 'invalid'),
        missing('AB26A1105C48B0001', 'error'),
        missing('CC26A1105C48B0001', 'pending'),
      ],
      context('vi'),
    );
    expect(text).toContain('Mã ZZ99Z9999Z99Z9999: em chưa tìm thấy mã này trong hệ thống bên em.');
    expect(text).toContain('Mã 1D24B3261X54A232: mã này chưa đúng định dạng');
    expect(text).toContain('Mã AB26A1105C48B0001: hiện em chưa tra cứu được');
    expect(text).not.toContain('CC26A1105C48B0001');
  });

  // The demo carton holds 48 units (TotalPacket); 12 of their codes are on record: an internal fact the customer is not told.
  const DEMO_CARTON = answerWithExtras(CARTON_CODE, {
    LotStatus: 'active',
    UnitCodes: Array.from({ length: 12 }, (_, i) => `HP26A1105C48B${String(i + 1).padStart(4, '0')}`),
  });

  it('tells what the demo carton holds, and not how many of its unit codes are on record, in Vietnamese', () => {
    expect(replyText([found(CARTON_CODE, DEMO_CARTON)], context('vi')).split('\n\n')[1]).toBe(
      [
        'Mã TH26A1105C48B0001: Sữa tươi tiệt trùng ít đường 180ml (thùng).',
        'Ngày sản xuất: 05/11/2026, hạn sử dụng: 05/05/2027.',
        'Sản phẩm còn hạn sử dụng (còn 308 ngày) ạ.',
        'Hiện lô sản phẩm này không bị thu hồi ạ.',
        'Thùng này gồm 48 sản phẩm.',
        'Anh/chị xem chi tiết tại: https://trace.example.vn/dt?qr=TH26A1105C48B0001',
      ].join('\n'),
    );
  });

  it('tells the same in English, with plural forms', () => {
    expect(replyText([found(CARTON_CODE, DEMO_CARTON)], context('en')).split('\n\n')[1]).toBe(
      [
        'Code TH26A1105C48B0001: Sữa tươi tiệt trùng ít đường 180ml (carton).',
        'Manufacturing date: 5 Nov 2026; expiry date: 5 May 2027.',
        'The product is in date (308 days left).',
        'This batch is not under recall at present.',
        'This carton holds 48 units.',
        'Full details: https://trace.example.vn/dt?qr=TH26A1105C48B0001',
      ].join('\n'),
    );
    const single = answerWithExtras(CARTON_CODE, { UnitCodes: ['HP26A1105C48B0001'] });
    expect(replyText([found(CARTON_CODE, single)], context('en'))).not.toMatch(/unit codes?/);
  });

  it('puts a recall reason on a line of its own, so its full stop closes no bracket', () => {
    const recalled = answerWithExtras(UNIT_IN_CARTON_CODE, {
      LotStatus: 'recalled',
      RecallReason: 'Bao bì có thể bị hở, sữa hỏng trước hạn sử dụng.',
    });
    const text = replyText([found(UNIT_IN_CARTON_CODE, recalled)], context('en'));
    expect(text).toContain(
      'Please note: this batch has been recalled.\nReason: Bao bì có thể bị hở, sữa hỏng trước hạn sử dụng.\nDo not use the product',
    );
    expect(text).not.toContain('.).');
  });

  it('tells the customer which code was checked instead of the one sent', () => {
    const row = { ...found('1D24B3261X54A2320'), sentAs: '1D24B3261X54A232O' };
    expect(replyText([row], context('en'))).toContain(
      '(You sent 1D24B3261X54A232O; one character seems to have been misread, so we checked 1D24B3261X54A2320.)',
    );
  });
});
