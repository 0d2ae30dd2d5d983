import { DEMO_SETTINGS_PATH, type DemoSettings } from '../../../../couch-design/demo';

/** The template's star counter (spec 001 section 2.2): decoration only, so any failure is silent. */
export const STARS_REPO = 'palantir/blueprint';
export const STARS_URL = `https://api.github.com/repos/${STARS_REPO}`;
/**
 * What the card shows unless the gateway's operator turned the live count on (DEMO_GITHUB_STARS=1):
 * a back office holding payroll makes no third-party request by default.
 */
export const FIXED_STAR_COUNT = 21_000;

/** The live count when the gateway allows asking GitHub and GitHub answers; otherwise null. */
export async function fetchStarCount(signal?: AbortSignal): Promise<number | null> {
  // Offline the browser would log the failed request in the console even though it is caught here.
  if (!navigator.onLine) return null;
  try {
    if (!(await liveCountAllowed(signal))) return null;
    // No credentials: a third-party API must never receive the gateway's cookies.
    const res = await fetch(STARS_URL, { signal, headers: { Accept: 'application/vnd.github+json' } });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    const count = (body as { stargazers_count?: unknown } | null)?.stargazers_count;
    return typeof count === 'number' && Number.isFinite(count) ? count : null;
  } catch {
    return null;
  }
}

async function liveCountAllowed(signal?: AbortSignal): Promise<boolean> {
  const res = await fetch(DEMO_SETTINGS_PATH, { signal, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) return false;
  const body = (await res.json()) as Partial<DemoSettings> | null;
  return body?.githubStars === true;
}
