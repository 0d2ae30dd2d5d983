import { vi } from 'vitest';

/** A GET with an optional cookie: status, body (JSON when it parses) and Retry-After. */
export async function get(url: string, cookie?: string) {
  const res = await fetch(url, { headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* asserted as text */ }
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

/** Every line logged with console.error from now until the mocks are restored, as text. */
export function errorLines(): string[][] {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return spy.mock.calls;
}
