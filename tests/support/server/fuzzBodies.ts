/** Seeded, so a failing body can be reproduced from the test's seed. */
export function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

type Random = ReturnType<typeof randomGenerator>;

const CHARACTERS = [
  ...'ABCXYZabcxyz0123456789',
  ' ',
  '\t',
  '\n',
  'Đ',
  'ư',
  '😀',
  '\u0000',
  '\u200b',
  '"',
  '\\',
  '{',
  '-',
  '%',
];

function randomText(random: Random, maxLength: number): string {
  return Array.from({ length: random.int(maxLength) }, () => random.pick(CHARACTERS)).join('');
}

function randomValue(random: Random, depth: number): unknown {
  switch (random.int(depth > 3 ? 5 : 7)) {
    case 0:
      return null;
    case 1:
      return random.next() < 0.5;
    case 2:
      return random.pick([0, -1, 1e308, 2 ** 60, 1.5, Number.MAX_SAFE_INTEGER]);
    case 3:
      return randomText(random, 30);
    case 4:
      return 'A'.repeat(17 + random.int(2));
    case 5:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          random.pick(['QrCode', 'qrcode', '__proto__', 'constructor', randomText(random, 8)]),
          randomValue(random, depth + 1),
        ]),
      );
  }
}

export interface FuzzRequest {
  contentType: string | undefined;
  withKey: boolean;
  body: string | undefined;
}

/** A malformed, odd or hostile request body of one of several shapes. */
export function randomRequest(random: Random): FuzzRequest {
  const valid = JSON.stringify({ QrCode: '1D24B3261X54A2320' });
  const body = random.pick([
    () => randomText(random, 60),
    () => JSON.stringify(randomValue(random, 0)),
    () => JSON.stringify({ QrCode: randomValue(random, 1) }),
    () => JSON.stringify({ QrCode: randomText(random, 24) }),
    () => valid.slice(0, random.int(valid.length)),
    () => '['.repeat(2000 + random.int(3000)),
    () => `{"__proto__": {"QrCode": "1D24B3261X54A2320"}, "constructor": {"prototype": {"x": 1}}}`,
    () => `{"QrCode": "${'9'.repeat(random.int(5000))}"}`,
    () => undefined,
  ])();
  return {
    contentType: random.pick([
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      undefined,
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
    ]),
    withKey: random.next() < 0.9,
    body,
  };
}
