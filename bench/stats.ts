/** What every benchmark computes from its samples, and the progress line it prints under BENCH_VERBOSE. */
import { loadavg } from 'node:os';

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The nearest-rank percentile; NaN when nothing was measured. */
export const percentile = (xs: number[], p: number): number =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))] : NaN;

export const round = (ms: number, digits = 1): number => Math.round(ms * 10 ** digits) / 10 ** digits;

/** `[bench <name>] <time> <message>` on stderr, only with BENCH_VERBOSE (the table on stdout stays clean). */
export const progressOf =
  (bench: string) =>
  (msg: string): void => {
    if (process.env.BENCH_VERBOSE) console.error(`[bench ${bench}] ${new Date().toISOString()} ${msg}`);
  };

/** The machine's 1-minute load average, printed beside the figures: on two shared cores it stretches every wall time. */
export const load1 = (): number => Number(loadavg()[0].toFixed(2));
