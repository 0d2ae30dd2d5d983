/**
 * A stand-in for the browser's fetch in component tests: the gateway is another process, and
 * the browser boundary is the one thing these tests replace. Keys are 'METHOD /path'.
 */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
  /** A non-JSON body (served as text/html). */
  html?: string;
  /** Simulates no connection: fetch rejects like a browser offline. */
  networkError?: boolean;
}

export interface FakeRequest {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
  credentials?: RequestCredentials;
}

export type FakeHandler = FakeAnswer | ((req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

export function fakeFetch(routes: Record<string, FakeHandler>) {
  const calls: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const req: FakeRequest = { method, path, url, headers: new Headers(init.headers), body, credentials: init.credentials };
    calls.push(req);
    const handler = routes[`${method} ${path}`];
    const answer = typeof handler === 'function' ? await handler(req) : handler;
    if (!answer || answer.networkError) throw new TypeError('Failed to fetch');
    if (answer.html !== undefined) {
      return new Response(answer.html, { status: answer.status ?? 200, headers: { 'Content-Type': 'text/html' } });
    }
    return new Response(JSON.stringify(answer.json ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  };
  return { fetch, calls };
}
