import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../../../couch-design/testing/rejection';
import { api, ApiError, apiFetch, authorizationFromCookie, isUnreachable, NOT_JSON_MESSAGE, REQUEST_FAILED_MESSAGE } from './api';

// A real HTTP server: the helper is exercised through Node's own fetch, headers and bodies.
let server: Server;
let base: string;
let lastRequest: { headers: IncomingMessage['headers']; body: string } | null = null;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type });
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      lastRequest = { headers: req.headers, body };
      switch (req.url) {
        case '/ok':
          return send(res, 200, 'application/json', JSON.stringify({ success: true, echo: body ? JSON.parse(body) : null }));
        case '/html':
          return send(res, 200, 'text/html', '<html>portal</html>');
        case '/html-502':
          return send(res, 502, 'text/html', '<h1>Bad gateway</h1>');
        case '/unauthorized':
          return send(res, 401, 'application/json', JSON.stringify({ success: false, mensaje: 'No autenticado' }));
        case '/invalid':
          return send(
            res,
            400,
            'application/json',
            JSON.stringify({ success: false, message: 'Datos inválidos', errors: [{ param: 'email', msg: 'Requerido' }] }),
          );
        case '/bare-500':
          return send(res, 500, 'application/json', JSON.stringify({ success: false }));
        case '/slow':
          return void setTimeout(() => send(res, 200, 'application/json', '{}'), 2_000);
        default:
          return send(res, 404, 'application/json', JSON.stringify({ mensaje: 'No encontrado' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const caught = (p: Promise<unknown>): Promise<ApiError> => rejectionOf(ApiError, p);

describe('apiFetch', () => {
  it('sends JSON bodies and returns the parsed answer', async () => {
    const answer = await api.post<{ success: boolean; echo: unknown }>(`${base}/ok`, { email: 'a@b.mx' });
    expect(answer).toEqual({ success: true, echo: { email: 'a@b.mx' } });
    expect(lastRequest?.headers['content-type']).toBe('application/json');
    expect(lastRequest?.headers.accept).toBe('application/json');
  });

  it('rejects an answer that is not JSON, even with status 200', async () => {
    const err = await caught(apiFetch(`${base}/html`));
    expect(err.message).toBe(NOT_JSON_MESSAGE);
    expect(err.status).toBe(200);
    expect(isUnreachable(err)).toBe(true);
  });

  it('reports a proxy error page as not JSON with its status', async () => {
    const err = await caught(apiFetch(`${base}/html-502`));
    expect(err.message).toBe('La respuesta del servidor no es JSON');
    expect(err.status).toBe(502);
  });

  it("throws the server's mensaje with the status on a non-OK answer", async () => {
    const err = await caught(api.get(`${base}/unauthorized`));
    expect(err.status).toBe(401);
    expect(err.message).toBe('No autenticado');
    expect(err.offline).toBe(false);
    expect(isUnreachable(err)).toBe(false);
  });

  it('falls back to message and keeps the validation errors', async () => {
    const err = await caught(api.post(`${base}/invalid`, {}));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Datos inválidos');
    expect(err.errors).toEqual([{ param: 'email', msg: 'Requerido' }]);
  });

  it("says 'Error en la petición' when the answer carries no message", async () => {
    const err = await caught(api.get(`${base}/bare-500`));
    expect(err.status).toBe(500);
    expect(err.message).toBe(REQUEST_FAILED_MESSAGE);
  });

  it('turns a network failure into status 0 with the offline flag', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await caught(api.get(`http://127.0.0.1:${port}/api/check-auth`));
    expect(err.status).toBe(0);
    expect(err.offline).toBe(true);
    expect(isUnreachable(err)).toBe(true);
  });

  it('gives up after the timeout and reports the server as unreachable', async () => {
    const started = Date.now();
    const err = await caught(api.get(`${base}/slow`, { timeoutMs: 100 }));
    expect(err.offline).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('copies an Authorization cookie into the Authorization header', async () => {
    vi.stubGlobal('document', { cookie: 'tema=claro; Authorization=Bearer%20abc.def' });
    await api.get(`${base}/ok`);
    expect(lastRequest?.headers.authorization).toBe('Bearer abc.def');
  });

  it('sends no Authorization header when there is no such cookie', async () => {
    vi.stubGlobal('document', { cookie: 'tema=claro' });
    await api.get(`${base}/ok`);
    expect(lastRequest?.headers.authorization).toBeUndefined();
  });
});

describe('authorizationFromCookie', () => {
  it('finds the cookie whatever its case and ignores empty values', () => {
    expect(authorizationFromCookie('a=1; authorization=xyz')).toBe('xyz');
    expect(authorizationFromCookie('Authorization=')).toBeNull();
    expect(authorizationFromCookie(undefined)).toBeNull();
  });
});
