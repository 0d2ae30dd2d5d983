// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SETTINGS_PATH } from '../../../../couch-design/demo';
import { fetchStarCount, STARS_URL } from './github-stars';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The gateway's demo settings, then GitHub's answer. */
function stubFetch(githubStars: boolean) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (url) =>
    url === DEMO_SETTINGS_PATH ? Response.json({ githubStars }) : Response.json({ stargazers_count: 20_567 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the star count', () => {
  it('is never asked of GitHub unless the gateway allows it (DEMO_GITHUB_STARS)', async () => {
    const fetch = stubFetch(false);
    expect(await fetchStarCount()).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([DEMO_SETTINGS_PATH]);
  });

  it('is asked of GitHub without the gateway cookies when the gateway allows it', async () => {
    const fetch = stubFetch(true);
    expect(await fetchStarCount()).toBe(20_567);
    expect(fetch.mock.calls[1][0]).toBe(STARS_URL);
    expect(fetch.mock.calls[1][1]?.credentials).toBeUndefined();
  });

  it('asks nothing at all offline, where the failed request would still show in the console', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = stubFetch(true);
    expect(await fetchStarCount()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
