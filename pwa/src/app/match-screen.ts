import { DASHBOARD, ROUTE, type RoutePattern } from '../lib/paths';

const PATTERNS = Object.values(ROUTE);

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/');
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
}

const staticParts = (pattern: string) => pattern.split('/').filter((p) => !p.startsWith(':')).length;

/**
 * The `ROUTE` pattern a /dashboard address draws, as the router ranks them (a fixed segment
 * beats a parameter: 'captaciones/nueva' over 'captaciones/:id'), without loading the router.
 */
export function matchScreen(pathname: string): RoutePattern | null {
  if (!pathname.startsWith(`${DASHBOARD}/`)) return null;
  const segments = pathname.slice(DASHBOARD.length + 1).split('/').filter(Boolean);
  const found = PATTERNS.filter((p) => matches(p, segments));
  found.sort((a, b) => staticParts(b) - staticParts(a));
  return found[0] ?? null;
}
