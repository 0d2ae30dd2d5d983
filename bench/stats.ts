/** What every benchmark computes from its samples, and the progress line it prints under BENCH_VERBOSE. */

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
