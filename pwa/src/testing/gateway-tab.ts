/**
 * Component tests against a real gateway: happy-dom's fetch enforces a browser origin, so the
 * screens' calls go through Node's http with one session's cookie, the way a tab would send them.
 * JSON and text bodies only (photos are covered by the browser tests).
 */
import http from 'node:http';

export interface GatewayTab {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  signIn(email: string, password: string): Promise<void>;
  json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export function gatewayTab(baseUrl: string): GatewayTab {
  let cookie = '';
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(new URL(raw, 'http://localhost').pathname + new URL(raw, 'http://localhost').search, baseUrl);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    if (cookie) headers.cookie = cookie;
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new Error('gatewayTab: solo cuerpos de texto');
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method: init.method ?? 'GET', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const pair = c.split(';')[0];
            cookie = pair.endsWith('=') ? '' : pair;
          }
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
          const status = res.statusCode ?? 500;
          resolve(new Response(status === 204 || status === 304 ? null : text, { status, headers: out }));
        });
      });
      req.on('error', () => reject(new TypeError('Failed to fetch')));
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });
  };
  const json = async <T,>(method: string, path: string, body?: unknown) => {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  return {
    fetch,
    json,
    async signIn(email, password) {
      const r = await json('POST', '/api/signin', { email, password });
      if (r.status !== 200) throw new Error(`Inicio de sesión falló (${r.status})`);
    },
  };
}
