/** The template's star counter (spec 001 section 2.2): decoration only, so any failure is silent. */
export const STARS_REPO = 'palantir/blueprint';
export const STARS_URL = `https://api.github.com/repos/${STARS_REPO}`;

export async function fetchStarCount(signal?: AbortSignal): Promise<number | null> {
  // Offline the browser would log the failed request in the console even though it is caught here.
  if (!navigator.onLine) return null;
  try {
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
