import { describe, expect, it } from 'vitest';
import { MAX_BATCH_CODES, extractCodes } from '@/features/support/codeExtraction';
import { MAX_INPUT_CHARS } from '@/features/support/inputLimit';

const codesOf = (text: string) => extractCodes(text).codes.map(({ code }) => code);

describe('extractCodes, from what a customer sends', () => {
  it('finds every code of a chat message in the order written', () => {
    const message =
      'Chào shop, em mua 3 hộp sữa: mã 1D24B3261X54A2320, mã TH26A1105C48B0001 và HP26A1105C48B0001 ạ. Cảm ơn!';
    expect(codesOf(message)).toEqual(['1D24B3261X54A2320', 'TH26A1105C48B0001', 'HP26A1105C48B0001']);
  });

  it('takes the code out of links with qr, and the serial out of GS1 Digital Links', () => {
    const text = [
      'https://trace.example.vn/dt?qr=1D24B3261X54A2320',
      '(https://shop.example/x?lng=en&qr=TH26A-1105C48B0001).',
      'https://id.example.com/01/09506000134352/10/LOT1/21/HP26A1105C48B0001',
    ].join('\n');
    expect(codesOf(text)).toEqual(['1D24B3261X54A2320', 'TH26A1105C48B0001', 'HP26A1105C48B0001']);
  });

  it('keeps what a Digital Link says of the pack (GTIN, lot) with its serial, to check against the record', () => {
    const { codes } = extractCodes(
      'hộp này https://id.example.com/01/09506000134352/10/LOT1/21/HP26A1105C48B0001 và mã 1D24B3261X54A2320',
    );
    expect(codes).toEqual([
      { code: 'HP26A1105C48B0001', nearMiss: false, pack: { gtin: '09506000134352', lot: 'LOT1', expiry: null } },
      { code: '1D24B3261X54A2320', nearMiss: false },
    ]);
  });

  it('lists links without a code raw, and a GS1 link with a wrong check digit is no code', () => {
    const { codes, unread } = extractCodes(
      'xem https://example.com/san-pham và https://id.example.com/01/09506000134353/21/HP26A1105C48B0001',
    );
    expect(codes).toEqual([]);
    expect(unread).toEqual([
      { raw: 'https://example.com/san-pham', reason: 'link' },
      { raw: 'https://id.example.com/01/09506000134353/21/HP26A1105C48B0001', reason: 'link' },
    ]);
  });

  it('joins a code written in groups with spaces or dashes of any width', () => {
    expect(codesOf('mã là 1D24 B326 1X54 A2320 nhé')).toEqual(['1D24B3261X54A2320']);
    expect(codesOf('TH26A–1105C48—B0001')).toEqual(['TH26A1105C48B0001']);
    expect(codesOf('HP26-A110-5C48-B000-1')).toEqual(['HP26A1105C48B0001']);
    expect(codesOf('thùng TH26 A1105-C48B0001 nhé')).toEqual(['TH26A1105C48B0001']);
  });

  it('never joins a whole code to the words beside it', () => {
    expect(codesOf('SL 2 1D24B3261X54A2320 ABC 12')).toEqual(['1D24B3261X54A2320']);
    expect(codesOf('please check this code for me')).toEqual([]);
  });

  it('reads lookalike letters of other scripts and full-width characters as the Latin ones', () => {
    // Cyrillic А and Х, Greek Β; then full-width digits and letters as some phone keyboards type them.
    expect(codesOf('1D24В3261Х54А2320')).toEqual(['1D24B3261X54A2320']);
    expect(codesOf('ＴＨ２６Ａ１１０５Ｃ４８Ｂ０００１')).toEqual(['TH26A1105C48B0001']);
  });

  it('lists a code-like word with letters no code has, raw', () => {
    const { codes, unread } = extractCodes('mã 1D24B3261X54A232đ ạ');
    expect(codes).toEqual([]);
    expect(unread).toEqual([{ raw: '1D24B3261X54A232đ', reason: 'notCode' }]);
  });

  it('lists the product barcode raw, as it is not a trace code', () => {
    expect(extractCodes('mã vạch 8934673123457').unread).toEqual([{ raw: '8934673123457', reason: 'barcode' }]);
  });

  it('keeps a code one character short or long as a near miss for typo help', () => {
    expect(extractCodes('1D24B3261X54A232 và TH26A1105C48B000111').codes).toEqual([
      { code: '1D24B3261X54A232', nearMiss: true },
      { code: 'TH26A1105C48B000111', nearMiss: true },
    ]);
  });

  it('drops repeats whatever their case or form, keeping the first', () => {
    expect(codesOf('1d24b3261x54a2320 1D24B3261X54A2320 https://x.vn/dt?qr=1D24-B3261X54A2320')).toEqual([
      '1d24b3261x54a2320',
    ]);
  });

  it('checks at most 50 codes and counts the ones left out', () => {
    const codes = Array.from({ length: 53 }, (_, index) => `TH26A1105C48B${String(index).padStart(4, '0')}`);
    const extraction = extractCodes(codes.join(', '));
    expect(extraction.codes).toHaveLength(MAX_BATCH_CODES);
    expect(extraction.codes.at(-1)?.code).toBe(codes[49]);
    expect(extraction.overflow).toBe(3);
  });

  it('finds nothing in a message without codes', () => {
    expect(extractCodes('Sữa này còn hạn không shop? Số điện thoại 0912345678.')).toEqual({
      codes: [],
      unread: [],
      overflow: 0,
    });
  });

  // Each of these froze the staff's tab for seconds to minutes: the trimming retried every start of the run.
  // The low timeout fails the test, synchronous as it is, when the extraction takes longer.
  it('reads a 100,000-character run of brackets between two letters at once', () => {
    expect(extractCodes('1D24B3261X54A2320 a' + '('.repeat(100_000) + 'b')).toEqual({
      codes: [{ code: '1D24B3261X54A2320', nearMiss: false }],
      unread: [],
      overflow: 0,
    });
  }, 2000);

  it('reads a long run of every other punctuation mark, around a word and after a link, at once', () => {
    const run = '"\'“”‘’«»()[]{}<>.,;:!?…'.repeat(4000);
    expect(codesOf(`x${run}y TH26A1105C48B0001${run}`)).toEqual(['TH26A1105C48B0001']);
    const { codes, unread } = extractCodes(`https://trace.example.vn/dt?qr=1D24B3261X54A2320${')'.repeat(90_000)}b`);
    expect(codes).toEqual([]);
    expect(unread).toHaveLength(1);
  }, 2000);

  it('reads only the first 100,000 characters of a paste', () => {
    const filler = 'x '.repeat(MAX_INPUT_CHARS / 2);
    expect(codesOf(`1D24B3261X54A2320 ${filler} TH26A1105C48B0001`)).toEqual(['1D24B3261X54A2320']);
  });
});
