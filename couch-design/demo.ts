/**
 * `GET /api/demo`: what the demo dashboard may do beyond the application itself, as the gateway's
 * operator decided at start (`DEMO_GITHUB_STARS`). The gateway's CSP follows the same setting, so
 * the PWA never tries a request the page would block.
 */
export const DEMO_SETTINGS_PATH = '/api/demo';

export interface DemoSettings {
  /** Whether the settings drawer may ask api.github.com for the live star count. */
  githubStars: boolean;
}
