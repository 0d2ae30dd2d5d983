import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROWS_PER_TURN, sendJsonInTurns } from './json-in-turns';

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, doc: { texto: `fila "${i}" \\ ñ`, n: i, anidado: [{ a: null }] } }));

let url = '';
let close = (): void => undefined;
/** Tasks that ran between the answer's start and its end, when another request's work was queued. */
let interleaved = 0;

beforeAll(async () => {
  const app = express();
  app.get('/filas/:n', async (req, res) => {
    const rest = req.query.vacio ? {} : { last_seq: '12-abc', pending: 3 };
    let ran = 0;
    let done = false;
    const other = (): void => {
      if (done) return;
      ran++;
      setImmediate(other);
    };
    setImmediate(other);
    await sendJsonInTurns(res, 'results', rowsOf(Number(req.params.n)), rest, req.query.salto ? '\n' : '');
    done = true;
    interleaved = ran;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('a large JSON answer written in slices', () => {
  it.each([0, 1, ROWS_PER_TURN, ROWS_PER_TURN + 1, 2_000])('writes the same JSON as JSON.stringify for %i rows', async (n) => {
    const res = await fetch(`${url}/filas/${n}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe(JSON.stringify({ results: rowsOf(n), last_seq: '12-abc', pending: 3 }));
  });

  it('closes the object when nothing follows the rows, and adds the suffix a heartbeat feed ends with', async () => {
    expect(await (await fetch(`${url}/filas/3?vacio=1`)).text()).toBe(JSON.stringify({ results: rowsOf(3) }));
    expect(await (await fetch(`${url}/filas/3?salto=1`)).text()).toBe(JSON.stringify({ results: rowsOf(3), last_seq: '12-abc', pending: 3 }) + '\n');
  });

  it("lets other work run between slices: another person's request is not held for the whole page", async () => {
    await (await fetch(`${url}/filas/2000`)).text();
    // 20 slices: the other task ran between them, not only once the answer had ended.
    expect(interleaved).toBeGreaterThanOrEqual(2_000 / ROWS_PER_TURN - 1);
  });
});
