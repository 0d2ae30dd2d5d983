import { describe, expect, it } from 'vitest';
import type { FetchFn } from '../db/pouch';
import { classifyFailure, failureReason, reachingFetch, SyncFailure } from './remote';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failing = async (fetchFn: FetchFn): Promise<unknown> => fetchFn('http://127.0.0.1:1/db/captaciones/_changes').then(() => null, (err: unknown) => err);

describe('telling a lost connection from a failing sync (issue 36 item 2)', () => {
  it('a fetch that never got an answer, a proxy’s page or an unreachable status is a lost connection', async () => {
    const refused = await failing(reachingFetch(() => Promise.reject(new TypeError('fetch failed'))));
    expect(classifyFailure(refused)).toBe('network');
    const badGateway = await failing(reachingFetch(() => Promise.resolve(new Response('<html>502</html>', { status: 502, headers: { 'content-type': 'text/html' } }))));
    expect(classifyFailure(badGateway)).toBe('network');
    const portal = await failing(reachingFetch(() => Promise.resolve(new Response('<html>Inicie sesión en la red</html>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }))));
    expect(classifyFailure(portal)).toBe('network');
    // As PouchDB hands it on: its createError copies the error's own fields.
    expect(classifyFailure({ ...(refused as object), message: 'fetch failed' })).toBe('network');
    // Whatever the error, a browser that says it is offline is offline.
    expect(classifyFailure(new Error('There was a problem getting docs.'), false)).toBe('network');
  });

  it('an answer of the gateway goes through untouched, body included', async () => {
    const res = await reachingFetch(() => Promise.resolve(json({ ok: true }, 500)))('http://127.0.0.1:1/db/');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ ok: true });
    const empty = await reachingFetch(() => Promise.resolve(new Response(null, { status: 204 })))('http://127.0.0.1:1/db/');
    expect(empty.status).toBe(204);
  });

  it('a request its caller aborted fails as it would', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('Solicitud cancelada', 'AbortError');
    const err = await reachingFetch(() => Promise.reject(aborted))('http://127.0.0.1:1/db/', { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).toBe(aborted);
  });

  it('PouchDB’s own failures and the gateway’s error answers are sync errors, never a lost connection', () => {
    expect(classifyFailure(new Error('There was a problem getting docs.'))).toBe('server');
    expect(classifyFailure({ status: 500, name: 'internal_server_error', reason: 'Error interno' })).toBe('server');
    expect(classifyFailure({ status: 403, name: 'forbidden' })).toBe('server');
    expect(classifyFailure({ status: 401, name: 'unauthorized' })).toBe('unauthorized');
    expect(classifyFailure(new SyncFailure('network', 'El envío de cambios tardó demasiado.'))).toBe('network');
  });

  it('says why in Spanish', () => {
    expect(failureReason(new Error('There was a problem getting docs.'))).toBe('El servidor anunció cambios que luego no entregó.');
    expect(failureReason({ status: 500, reason: 'Ocurrió un error en el servidor.' })).toBe('El servidor respondió con un error (500): Ocurrió un error en el servidor.');
    expect(failureReason(new Error('algo raro'))).toBe('Detalle: algo raro');
    expect(failureReason(new SyncFailure('server', 'No se pudieron enviar los cambios pendientes; se reintentará.'))).toBe('No se pudieron enviar los cambios pendientes; se reintentará.');
  });
});
