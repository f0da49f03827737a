import { describe, expect, it } from 'vitest';
import { pickTraceResult } from '@/api/traceResult';
import type { CheckedCode } from '@/features/support/checkedCode';
import { replyText, type ReplyContext } from '@/features/support/replyText';
import { i18n } from '../../i18nInstance';
import { answerWithExtras, demoResponses } from '../../mocks/fixtures';

const NOW = new Date('2026-07-01T03:00:00Z');
const context = (language: 'vi' | 'en'): ReplyContext => ({ t: i18n.getFixedT(language), language, now: NOW, origin: 'https://trace.example.vn', brand: 'Sữa Đồng Xanh' });

function found(code: string, body = demoResponses.get(code)): CheckedCode {
  return { code, outcome: 'found', result: pickTraceResult(body), suggestions: null, sentAs: null };
}
const missing = (code: string, outcome: CheckedCode['outcome']): CheckedCode => ({ code, outcome, result: null, suggestions: null, sentAs: null });

describe('replyText', () => {
  it('answers a found code in polite Vietnamese: product, unit, dates, expiry, link', () => {
    expect(replyText([found('1D24B3261X54A2320')], context('vi'))).toBe(
      [
        'Dạ, em chào anh/chị. Em đã kiểm tra mã anh/chị gửi, thông tin như sau ạ:',
        [
          'Mã 1D24B3261X54A2320: Sữa bột Đồng Xanh Gold 900g (Lon).',
          'Ngày sản xuất: 12/06/2026; hạn sử dụng: 12/06/2028.',
          'Sản phẩm còn hạn sử dụng (712 ngày nữa).',
          'Lô hàng đang lưu hành bình thường.',
          'Anh/chị xem chi tiết tại: https://trace.example.vn/dt?qr=1D24B3261X54A2320',
        ].join('\n'),
        'Anh/chị cần hỗ trợ thêm gì cứ nhắn em nhé. Em cảm ơn anh/chị ạ.',
      ].join('\n\n'),
    );
  });

  it('answers the same code in English when staff choose it, whatever the page language', () => {
    const text = replyText([found('1D24B3261X54A2320')], context('en'));
    expect(text).toContain('Code 1D24B3261X54A2320: Sữa bột Đồng Xanh Gold 900g (Can).');
    expect(text).toContain('Manufactured: 12 Jun 2026; best before: 12 Jun 2028.');
    expect(text).toContain('The product is in date (712 days left).');
    expect(text).toContain('Full details: https://trace.example.vn/dt?qr=1D24B3261X54A2320');
  });

  it('warns of an expired product and a recalled lot, and names the carton', () => {
    const recalled = answerWithExtras('HP26A1105C48B0001', { LotStatus: 'recalled', RecallReason: 'bao bì lỗi', CartonCode: 'TH26A1105C48B0001' });
    const text = replyText([found('EX24B0105Q90X00001'), found('HP26A1105C48B0001', recalled)], context('vi'));
    expect(text).toContain('Sản phẩm đã hết hạn sử dụng từ ngày 05/07/2025, anh/chị vui lòng không sử dụng ạ.');
    expect(text).toContain('đã bị thu hồi (lý do: bao bì lỗi)');
    expect(text).toContain('Sản phẩm thuộc thùng TH26A1105C48B0001.');
  });

  it('says what to do for a code not found, invalid or not looked up, and leaves pending ones out', () => {
    const text = replyText(
      [missing('ZZ99Z9999Z99Z9999', 'notFound'), missing('1D24B3261X54A232', 'invalid'), missing('AB26A1105C48B0001', 'error'), missing('CC26A1105C48B0001', 'pending')],
      context('vi'),
    );
    expect(text).toContain('Mã ZZ99Z9999Z99Z9999: em chưa tìm thấy mã này trong hệ thống của Sữa Đồng Xanh.');
    expect(text).toContain('Mã 1D24B3261X54A232: mã này chưa đúng định dạng');
    expect(text).toContain('Mã AB26A1105C48B0001: hiện em chưa tra cứu được');
    expect(text).not.toContain('CC26A1105C48B0001');
  });

  it('tells the customer which code was checked instead of the one sent', () => {
    const row = { ...found('1D24B3261X54A2320'), sentAs: '1D24B3261X54A232O' };
    expect(replyText([row], context('en'))).toContain('(You sent 1D24B3261X54A232O; one character seems to have been misread, so we checked 1D24B3261X54A2320.)');
  });
});
