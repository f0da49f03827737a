import { describe, expect, it } from 'vitest';
import { cameraEffort, STUBBORN_AFTER_FRAMES, STUBBORN_FRAME_EVERY } from '@/features/scanner/cameraEffort';

describe('cameraEffort', () => {
  it("reads frames on the camera's budget until many in a row held no code, then gives an occasional one more", () => {
    const efforts = Array.from({ length: STUBBORN_AFTER_FRAMES + 3 * STUBBORN_FRAME_EVERY }, (_, misses) =>
      cameraEffort(misses),
    );
    expect(efforts.slice(0, STUBBORN_AFTER_FRAMES).every((effort) => effort === 'frame')).toBe(true);
    const stubborn = efforts.flatMap((effort, misses) => (effort === 'stubbornFrame' ? [misses] : []));
    expect(stubborn).toEqual([0, 1, 2].map((turn) => STUBBORN_AFTER_FRAMES + turn * STUBBORN_FRAME_EVERY));
  });
});
