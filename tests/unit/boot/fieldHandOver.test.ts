// The field hand-over's own rules, beside the lookup page's (tests/integration/lookup/shellField.test.tsx).
import { describe, expect, it, vi } from 'vitest';
import { createShellFields } from '@/boot/fieldHandOver';

/** The HTML the page arrived in, with `typed` typed into each of its text fields before the script ran. */
function arrivedWith(html: string, typed: string) {
  document.body.innerHTML = html;
  const fields = createShellFields();
  fields.hold(document);
  document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea').forEach((element) => {
    if (element.type !== 'file') element.value = typed;
  });
  return fields;
}

describe('the shell fields', () => {
  it("keeps a field still in the document past the first commit, for a part that mounts later (the support desk's box)", () => {
    const fields = arrivedWith('<textarea id="support-input"></textarea>', 'mã 1D24B3261X54A2320');
    fields.endReplaced();
    const onTyped = vi.fn();
    fields.handOver('support-input', document.querySelector('textarea'), '', onTyped);
    expect(onTyped).toHaveBeenCalledWith('mã 1D24B3261X54A2320');
  });

  it('hands each field over once, to the field of its own id', () => {
    const fields = arrivedWith('<input id="qr-code" type="text" /><textarea id="support-input"></textarea>', 'abc');
    const onTyped = vi.fn();
    fields.handOver('support-input', null, '', onTyped);
    fields.handOver('support-input', null, '', onTyped);
    expect(onTyped).toHaveBeenCalledTimes(1);
    fields.handOver('qr-code', null, '', onTyped);
    expect(onTyped).toHaveBeenCalledTimes(2);
  });

  it('holds a few text fields at most, and none that takes no typing', () => {
    const many = Array.from({ length: 6 }, (_, i) => `<input id="f${i}" />`).join('');
    const fields = arrivedWith(`<input id="photo" type="file" />${many}`, 'abc');
    const onTyped = vi.fn();
    for (let i = 0; i < 6; i++) fields.handOver(`f${i}`, null, '', onTyped);
    expect(onTyped).toHaveBeenCalledTimes(4);
  });
});
