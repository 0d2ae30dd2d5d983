/**
 * The payroll calls of the screens against a real gateway (Express + in-memory store): the
 * browser's fetch is the one thing replaced, by one that carries the session cookie to it.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOMINA_WRITE_MSG } from '../../../../../couch-design/nomina/write-policy';
import { gatewayForFile } from '../../../../../sync-server/src/testing/per-file';
import type { HttpClient } from '../../../../../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas, signedIn, storedNominaIds } from '../../../../../sync-server/src/testing/payroll';
import { ApiError } from '../../../lib/api';
import { createNomina, deleteNomina, getNomina, listNominasDeEmpleado, updateNomina } from './rest';

const gw = gatewayForFile();
let admin: HttpClient;
let ana: HttpClient;

beforeAll(async () => {
  await seedEmpleados(gw, [
    { _id: 'e-ana', prim_nom: 'Ana', apell_pa: 'Pérez', apell_ma: 'Gómez' },
    { _id: 'e-otro', prim_nom: 'Otro', apell_pa: 'Empleado', apell_ma: 'X' },
  ]);
  // Two payslips a month through 2025, and one of December 2024.
  const days = ['2024-12-15', ...Array.from({ length: 24 }, (_, i) => `2025-${String(Math.floor(i / 2) + 1).padStart(2, '0')}-${i % 2 ? '28' : '15'}`)];
  await seedNominas(gw, [...days.map((d) => nominaOf('e-ana', d)), nominaOf('e-otro', '2025-03-15')]);
  admin = (await signedIn(gw, 'administrator')).client;
  ana = (await signedIn(gw, 'user', 'e-ana')).client;
});
afterEach(() => vi.unstubAllGlobals());

const realFetch = globalThis.fetch;

/** The browser of a signed-in person: same-origin paths reach the gateway with the session cookie. */
const as = (client: HttpClient) =>
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', client.cookie);
    return realFetch(gw.url + input, { ...init, headers });
  });

describe("the employee's payroll list", () => {
  it('asks for 20 without a filter and for every match with one, in both date forms', async () => {
    as(admin);
    const first = await listNominasDeEmpleado('e-ana');
    expect(first.nominas).toHaveLength(20);
    expect(first.totalRegistros).toBe(25);
    expect(first.nominas[0].fecha).toBe('2025-12-28');
    const period = await listNominasDeEmpleado('e-ana', { desde: '01/01/2025', hasta: '2025-12-31' });
    expect(period.nominas).toHaveLength(24);
    expect(period.totalRegistros).toBe(24);
  });

  it("gives a person nothing of another employee's payroll", async () => {
    as(ana);
    expect((await listNominasDeEmpleado('e-ana', {}, 1000)).nominas).toHaveLength(25);
    await expect(listNominasDeEmpleado('e-otro')).rejects.toMatchObject({ status: 404, message: 'No se encontró el empleado.' });
    expect(await getNomina('nom-e-otro-2025-03-15')).toBeNull();
  });
});

describe("'Crear Nueva Nómina' posts the form of specification 000 section 7", () => {
  it('any redirect answer is a success, and the payslip is stored with its ISO date', async () => {
    as(admin);
    await createNomina('e-ana', { empleado: 'Ana Pérez Gómez', salario: 15250.5, fecha: '2026-11-15', conceptoDePago: 'Quincena\nBono' });
    const { docs } = await (await gw.store.db('nominas')).find({ selector: { type: 'nomina', conceptoDePago: 'Quincena\nBono' }, limit: 2 });
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ empleadoId: 'e-ana', salario: 15250.5, fecha: '2026-11-15' });
  });

  it("a refusal shows the server's message with its field errors, and nothing is stored", async () => {
    as(admin);
    const before = await storedNominaIds(gw);
    const err = await createNomina('e-ana', { empleado: 'Ana', salario: -1, fecha: '31/02/2026', conceptoDePago: 'X' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).errors?.map((e) => e.param).sort()).toEqual(['fecha', 'salario']);
    await expect(createNomina('no-existe', { empleado: 'Nadie', salario: 1, fecha: '2026-01-15', conceptoDePago: 'X' })).rejects.toMatchObject({ status: 404 });
    expect(await storedNominaIds(gw)).toEqual(before);
  });

  it('a non-admin is refused with the policy text', async () => {
    as(ana);
    await expect(createNomina('e-ana', { empleado: 'Ana', salario: 1, fecha: '2026-01-15', conceptoDePago: 'X' })).rejects.toMatchObject({
      status: 403,
      message: NOMINA_WRITE_MSG.soloAdmin,
    });
  });

  it("without a message says the status, and without a network says to try again", async () => {
    vi.stubGlobal('fetch', async () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(createNomina('e-ana', { empleado: 'Ana', salario: 1, fecha: '2026-01-15', conceptoDePago: 'X' })).rejects.toThrow('Error al crear la nómina. Estado: 502');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createNomina('e-ana', { empleado: 'Ana', salario: 1, fecha: '2026-01-15', conceptoDePago: 'X' })).rejects.toThrow('Error al crear la nómina. Por favor, inténtelo de nuevo.');
  });
});

describe('edit and delete', () => {
  it('an edit sends the revision it read; a stale one is refused, as is a stale delete', async () => {
    as(admin);
    const n = (await getNomina('nom-e-ana-2025-01-15'))!;
    const saved = await updateNomina(n._id, { conceptoDePago: 'Corregida', salario: 9999, fecha: '15/01/2025', empleado: n.empleado, empleadoId: n.empleadoId, _rev: n._rev });
    expect(saved).toMatchObject({ conceptoDePago: 'Corregida', salario: 9999, fecha: '2025-01-15' });
    await expect(updateNomina(n._id, { conceptoDePago: 'Otra', salario: 1, fecha: '2025-01-15', empleado: n.empleado, empleadoId: n.empleadoId, _rev: n._rev })).rejects.toMatchObject({ status: 409 });
    await expect(deleteNomina(n)).rejects.toMatchObject({ status: 409 });
    await deleteNomina(saved);
    expect(await getNomina(n._id)).toBeNull();
  });
});
