/**
 * Work the first screen does not need (issue 20 item 7): started once the page has drawn it and
 * the main thread has a moment, so a phone paints the screen before paying for the rest.
 */
type IdleWindow = Window & {
  requestIdleCallback?: (work: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `work` after at least `delayMs`, at the first idle moment after that (at most `maxWaitMs`
 * later: a page that is never idle still gets it). Returns a cancel. Without idle callbacks (an
 * old browser, tests under Node) it runs after `delayMs`.
 */
export function whenIdle(work: () => void, { delayMs = 0, maxWaitMs = 2_000 }: { delayMs?: number; maxWaitMs?: number } = {}): () => void {
  const w = (typeof window === 'undefined' ? undefined : window) as IdleWindow | undefined;
  let idleId: number | null = null;
  let cancelled = false;
  const timer = setTimeout(() => {
    if (cancelled) return;
    if (!w?.requestIdleCallback) return work();
    idleId = w.requestIdleCallback(() => {
      idleId = null;
      if (!cancelled) work();
    }, { timeout: maxWaitMs });
  }, delayMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    if (idleId !== null) w?.cancelIdleCallback?.(idleId);
  };
}
