// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchStarCount, STARS_URL } from './github-stars';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the star count', () => {
  it('is asked of GitHub without the gateway cookies while online', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ stargazers_count: 20_567 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchStarCount()).toBe(20_567);
    expect(fetch.mock.calls[0][0]).toBe(STARS_URL);
    expect(fetch.mock.calls[0][1]?.credentials).toBeUndefined();
  });

  it('is not even asked for offline, where the failed request would still show in the console', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ stargazers_count: 1 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchStarCount()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
