// Self time per function from a V8 CPU profile (node --cpu-prof, or node:inspector's Profiler), counting only
// the samples taken inside given windows of time: where a bench's CPU went while its load ran (issue 36).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A window of time in the monotonic clock's µs, as V8's profiler stamps its samples. */
export interface Window {
  from: number;
  to: number;
}

/** Now, in the clock of the profiler's samples (CLOCK_MONOTONIC, µs). */
export const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** A function as the summary names it: native calls (a statement's get, run) by their caller too. */
function nameOf(node: ProfileNode, parent: ProfileNode | undefined): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^.*\/(server|node_modules|src|tests)\//, '$1/');
  const own = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
  if (url !== '' || parent === undefined || functionName.startsWith('(')) return own;
  return `${own} ← ${nameOf(parent, undefined)}`;
}

/** Self time (µs) per function of the samples inside the windows. */
export function selfTimes(profile: CpuProfile, windows: Window[]): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const names = new Map<number, string>();
  const times = new Map<string, number>();
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (!windows.some(({ from, to }) => at >= from && at < to)) continue;
    let name = names.get(id);
    if (name === undefined) {
      name = nameOf(byId.get(id)!, parentOf.get(id));
      names.set(id, name);
    }
    // Each sample stands for the time until the next one.
    const span = profile.timeDeltas[i + 1] ?? delta;
    times.set(name, (times.get(name) ?? 0) + span);
  }
  return times;
}

/** The lines comparing two modes' self times per lookup (µs), the `top` functions where they differ most. */
export function comparedTimes(on: Map<string, number>, off: Map<string, number>, top: number): string[] {
  const busy = (times: Map<string, number>) =>
    [...times].filter(([name]) => name !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
  const rows = [...new Set([...on.keys(), ...off.keys()])]
    .filter((name) => name !== '(idle)')
    .map((name) => ({ name, on: on.get(name) ?? 0, off: off.get(name) ?? 0 }))
    .sort((a, b) => Math.abs(b.on - b.off) - Math.abs(a.on - a.off))
    .slice(0, top);
  const cell = (us: number, width: number) => us.toFixed(2).padStart(width);
  return [
    `Main thread's self time, µs per lookup, busy in all (waiting for a core included): on ${busy(on).toFixed(1)}, ` +
      `off ${busy(off).toFixed(1)}; the ${top} functions where on and off differ most:`,
    '    on     off    diff  function',
    ...rows.map((row) => `${cell(row.on, 6)} ${cell(row.off, 7)} ${cell(row.on - row.off, 7)}  ${row.name}`),
  ];
}

/** Each time divided by `lookups`. */
export const perLookup = (times: Map<string, number>, lookups: number): Map<string, number> =>
  new Map([...times].map(([name, us]) => [name, us / lookups]));
