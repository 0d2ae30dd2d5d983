import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SETTINGS_PATH } from '../../../couch-design/demo';
import { configFromEnv } from '../config';
import { startGateway, type TestGateway } from '../testing/gateway';

/**
 * A back office holding payroll makes no request to a third party unless its operator asks: the
 * page may only connect to its own origin, and the PWA is told not to ask GitHub for the demo card.
 */
let gw: TestGateway | undefined;
afterEach(() => gw?.close());

const connectSrc = (csp: string | null): string | undefined => csp?.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'));

describe('third-party requests', () => {
  it('are off by default: connect-src is the own origin only and the demo card keeps its fixed count', async () => {
    expect(configFromEnv({}).demoGithubStars).toBe(false);
    gw = await startGateway();
    const r = await gw.client().json('GET', DEMO_SETTINGS_PATH);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ githubStars: false });
    expect(connectSrc(r.headers.get('content-security-policy'))).toBe("connect-src 'self'");
    const page = await gw.client().fetch('/dashboard/home', { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(page.headers.get('content-security-policy')).not.toContain('github');
  });

  it('DEMO_GITHUB_STARS=1 lets the page ask api.github.com for the live star count', async () => {
    expect(configFromEnv({ DEMO_GITHUB_STARS: '1' }).demoGithubStars).toBe(true);
    gw = await startGateway({ demoGithubStars: true });
    const r = await gw.client().json('GET', DEMO_SETTINGS_PATH);
    expect(r.body).toEqual({ githubStars: true });
    expect(connectSrc(r.headers.get('content-security-policy'))).toBe("connect-src 'self' https://api.github.com");
  });
});
