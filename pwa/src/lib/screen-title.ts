/**
 * A screen's own title when its route's title would mislead (issue 20 item 5): another person's
 * profile is titled with their name, not 'Mi Perfil'. The screen says it; the shell's breadcrumb
 * and the document title read it. Kept with the path it was said on, so it never outlives it.
 */
import { useEffect, useSyncExternalStore } from 'react';

let current: { pathname: string; title: string } | null = null;
const listeners = new Set<() => void>();

const get = () => current;
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function set(next: typeof current): void {
  current = next;
  for (const l of [...listeners]) l();
}

/** Titles the screen on screen now with `title` (null: the route's own title). */
export function useScreenTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return undefined;
    const mine = { pathname: window.location.pathname, title };
    set(mine);
    return () => {
      if (current === mine) set(null);
    };
  }, [title]);
}

/** The title the screen at `pathname` gave itself, if any. */
export function useScreenTitleOf(pathname: string): string | null {
  const said = useSyncExternalStore(subscribe, get, get);
  return said && said.pathname === pathname ? said.title : null;
}
