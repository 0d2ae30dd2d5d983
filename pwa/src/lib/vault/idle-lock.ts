/**
 * The app locks after the operator's idle time (BLOQUEO_INACTIVIDAD_MIN, 15 minutes unless the
 * gateway says otherwise) without a touch, a key or a click, and when it comes back from the
 * background, or is opened again, later than that: the last use is kept in localStorage, so a
 * tablet put to sleep with the app open asks for the password when it wakes.
 */
import { lockMinutes } from '../session-check';

const ACTIVITY_KEY = 'inmo.ultimo-uso';
/** Storage is written at most this often while the person works. */
const WRITE_EVERY_MS = 5_000;
const EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

let lastWrite = 0;

function now(): number {
  return Date.now();
}

export function lastUse(): number {
  try {
    const n = Number(localStorage.getItem(ACTIVITY_KEY));
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

export function markUse(at = now()): void {
  lastWrite = at;
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // storage disabled: only this page's timer counts
  }
}

const limitMs = (): number => lockMinutes() * 60_000;

/** The last use is older than the idle time (a reload after a long sleep must not skip the lock). */
export function idleExpired(at = now()): boolean {
  const last = lastUse();
  return last > 0 && at - last > limitMs();
}

/** Calls `onIdle` once when the idle time has passed; returns a stop. */
export function watchIdle(onIdle: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    stop();
    onIdle();
  };
  const check = () => {
    if (timer) clearTimeout(timer);
    const left = lastUse() + limitMs() - now();
    if (left <= 0) return fire();
    // Timers of a sleeping tab run late or never: the check on return to the page catches that.
    timer = setTimeout(check, Math.min(left + 50, 60_000));
  };
  const onUse = () => {
    if (now() - lastWrite >= WRITE_EVERY_MS) markUse();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  for (const e of EVENTS) window.addEventListener(e, onUse, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onVisibility);
  markUse();
  check();
  function stop() {
    if (timer) clearTimeout(timer);
    for (const e of EVENTS) window.removeEventListener(e, onUse, { capture: true });
    document.removeEventListener('visibilitychange', onVisibility);
  }
  return () => {
    done = true;
    stop();
  };
}
