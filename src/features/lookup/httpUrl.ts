/**
 * `text` as an http or https URL, or null. Most of what is read is a plain code, which `new URL` refuses by
 * throwing: the exception cost about 0.2 ms of each server render of a deep link (read four times a render;
 * a CPU profile, issue 38 point 8). URL.canParse, where the browser has it, says so without one.
 */
export function httpUrl(text: string): URL | null {
  const trimmed = text.trim();
  if ('canParse' in URL && !URL.canParse(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
