/**
 * Reading payroll over REST (spec 000 sections 6, 7 and 9): admins read every employee's payslips;
 * everyone else reads only those of their own linked employee, whichever side holds the link, and
 * another person's payslips answer exactly like ones that do not exist.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Nomina } from '../../../couch-design/nomina';
import { gatewayForFile } from '../testing/per-file';
import { ADMIN_ROLE, nominaOf, pdfText, seedEmpleados, seedNominas, signedIn, type Signed } from '../testing/payroll';

const gw = gatewayForFile();
let admin: Signed, maria: Signed, jorge: Signed, sinEmpleado: Signed;

/** 25 payslips of María, the 15th and last day of each month from January 2025; the first five stored dd/mm/yyyy as legacy data. */
const MARIA_FECHAS = Array.from({ length: 25 }, (_, i) => {
  const month = Math.floor(i / 2);
  const d = new Date(Date.UTC(2025, month, i % 2 === 0 ? 15 : 1));
  if (i % 2 === 1) d.setUTCMonth(d.getUTCMonth() + 1, 0);
  const iso = d.toISOString().slice(0, 10);
  return i < 5 ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso;
});
const toIso = (f: string) => (f.includes('/') ? `${f.slice(6)}-${f.slice(3, 5)}-${f.slice(0, 2)}` : f);
const newestFirst = [...MARIA_FECHAS].sort((a, b) => toIso(b).localeCompare(toIso(a)));

beforeAll(async () => {
  admin = await signedIn(gw, ADMIN_ROLE);
  maria = await signedIn(gw, 'user', 'emp-maria');
  sinEmpleado = await signedIn(gw, 'supervisor de obra');
  const jorgeUser = await gw.createUser({ role: 'asesor' });
  await seedEmpleados(gw, [
    { _id: 'emp-maria', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez' },
    // Jorge's link lives on the employee record (userId), the other direction of spec section 1.
    { _id: 'emp-jorge', prim_nom: 'Jorge', apell_pa: 'Hernández', apell_ma: 'Vega', userId: jorgeUser.id },
    { _id: 'emp-sin-nominas', prim_nom: 'Carmen', apell_pa: 'Ruiz', apell_ma: 'Delgado' },
  ]);
  await seedNominas(gw, [
    ...MARIA_FECHAS.map((f, i) => nominaOf('emp-maria', f, 9000 + i)),
    nominaOf('emp-jorge', '2026-11-15', 7250.5),
    nominaOf('emp-jorge', '2026-10-31', 7250.5, { conceptoDePago: '' }),
    // A legacy payslip with neither date nor amount: listed last, shown 'N/A' and '$0.00'.
    { ...nominaOf('emp-jorge', 'sin-fecha'), fecha: undefined, salario: undefined } as unknown as Nomina,
  ]);
  // Signed in once the employee exists: the gateway resolves the link at each request (cached 2 s).
  jorge = { user: jorgeUser, client: await gw.client().signIn(jorgeUser.email, jorgeUser.password) };
});

const list = (who: Signed, empleadoId: string, query = '') => who.client.json('GET', `/api/nominas-api/empleado/${empleadoId}${query}`);
const fechas = (body: { nominas: Array<{ fecha: string }> }) => body.nominas.map((n) => n.fecha);

describe('GET /api/nominas-api/empleado/{empleadoId}', () => {
  it('answers success, nominas newest first and totalRegistros; 20 by default without a date filter', async () => {
    const r = await list(admin, 'emp-maria');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.totalRegistros).toBe(25);
    expect(fechas(r.body)).toEqual(newestFirst.slice(0, 20));
    expect(r.body.nominas[0]).toMatchObject({ _id: expect.any(String), _rev: expect.any(String), type: 'nomina', empleadoId: 'emp-maria', salario: 9024 });
  });

  it('takes limite=20 as the PWA sends it, and any other limit from 1 to 1000', async () => {
    expect(fechas((await list(admin, 'emp-maria', '?limite=20')).body)).toEqual(newestFirst.slice(0, 20));
    const r = await list(admin, 'emp-maria', '?limite=3');
    expect(fechas(r.body)).toEqual(newestFirst.slice(0, 3));
    expect(r.body.totalRegistros).toBe(25);
  });

  it("returns every payslip on or after 'desde' and on or before 'hasta', in either date form, stored legacy dates included", async () => {
    // 28/02/2025 and 15/03/2025 are stored dd/mm/yyyy; the boundaries are kept.
    const iso = await list(admin, 'emp-maria', '?desde=2025-02-28&hasta=2025-04-15');
    const dmy = await list(admin, 'emp-maria', '?desde=28/02/2025&hasta=15/04/2025');
    expect(fechas(iso.body)).toEqual(['2025-04-15', '2025-03-31', '15/03/2025', '28/02/2025']);
    expect(dmy.body).toEqual(iso.body);
    expect(iso.body.totalRegistros).toBe(4);
  });

  it('with a date filter and no limite answers all matching payslips, not 20', async () => {
    const r = await list(admin, 'emp-maria', '?desde=01/01/2025');
    expect(r.body.nominas).toHaveLength(25);
    expect(fechas(r.body)).toEqual(newestFirst);
    expect(fechas((await list(admin, 'emp-maria', '?hasta=2025-12-31')).body)).toEqual(newestFirst.slice(1));
  });

  it('answers an empty list for an employee without payslips and for a range with none', async () => {
    expect((await list(admin, 'emp-sin-nominas')).body).toEqual({ success: true, nominas: [], totalRegistros: 0 });
    expect((await list(admin, 'emp-maria', '?desde=2030-01-01')).body).toEqual({ success: true, nominas: [], totalRegistros: 0 });
  });

  it('refuses a limite or a date that is none, in Spanish', async () => {
    for (const q of ['?limite=0', '?limite=abc', '?limite=1001', '?limite=-5', '?limite=2.5', '?limite=1&limite=2']) {
      expect(await list(admin, 'emp-maria', q), q).toMatchObject({ status: 400, body: { success: false, mensaje: 'El límite no es válido: use un número entero entre 1 y 1000.' } });
    }
    expect((await list(admin, 'emp-maria', '?desde=31/02/2026')).body.mensaje).toBe("La fecha 'Desde' no es válida: use dd/mm/aaaa o aaaa-mm-dd.");
    expect((await list(admin, 'emp-maria', '?hasta=mañana')).body.mensaje).toBe("La fecha 'Hasta' no es válida: use dd/mm/aaaa o aaaa-mm-dd.");
  });

  it("gives each person their own employee's payslips, whichever side holds the link", async () => {
    expect((await list(maria, 'emp-maria')).body.totalRegistros).toBe(25);
    const j = await list(jorge, 'emp-jorge');
    expect(j.status).toBe(200);
    expect(j.body.nominas.map((n: Nomina) => n._id)).toEqual(['nom-emp-jorge-2026-11-15', 'nom-emp-jorge-2026-10-31', 'nom-emp-jorge-sin-fecha']);
    // A date filter leaves the undated one out.
    expect((await list(jorge, 'emp-jorge', '?desde=2000-01-01')).body.totalRegistros).toBe(2);
  });

  it("answers another person's employee exactly like one that does not exist", async () => {
    const notFound = { status: 404, body: { success: false, mensaje: 'No se encontró el empleado.' } };
    const foreign = await list(maria, 'emp-jorge');
    const missing = await list(maria, 'emp-no-existe');
    expect(foreign).toMatchObject(notFound);
    expect(foreign.body).toEqual(missing.body);
    expect(await list(jorge, 'emp-maria', '?desde=2025-01-01')).toMatchObject(notFound);
    expect(await list(sinEmpleado, 'emp-maria')).toMatchObject(notFound);
    expect(await list(admin, 'emp-no-existe')).toMatchObject(notFound);
  });
});

describe('GET /api/nominas/{id}', () => {
  const id = 'nom-emp-jorge-2026-11-15';

  it('answers success and nomina to an admin and to the owner', async () => {
    for (const who of [admin, jorge]) {
      const r = await who.client.json('GET', `/api/nominas/${id}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, nomina: expect.objectContaining({ _id: id, empleadoId: 'emp-jorge', salario: 7250.5, fecha: '2026-11-15' }) });
    }
  });

  it("answers someone else's payslip exactly like one that does not exist", async () => {
    const foreign = await maria.client.json('GET', `/api/nominas/${id}`);
    const missing = await maria.client.json('GET', '/api/nominas/nom-no-existe');
    expect(foreign).toMatchObject({ status: 404, body: { success: false, mensaje: 'No se encontró la nómina.' } });
    expect(foreign.body).toEqual(missing.body);
    expect((await sinEmpleado.client.json('GET', `/api/nominas/${id}`)).status).toBe(404);
  });
});

describe('payslip PDF: /api/nominas-api/download/{id} and /descargar/{id}', () => {
  const id = 'nom-emp-jorge-2026-11-15';

  it('downloads as an attachment named nomina-{fecha}.pdf, with the amount and the employee as text', async () => {
    for (const who of [admin, jorge]) {
      const res = await who.client.fetch(`/api/nominas-api/download/${id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="nomina-2026-11-15.pdf"');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const text = await pdfText(res);
      expect(text.startsWith('%PDF-')).toBe(true);
      expect(text).toContain('$7,250.50');
      expect(text).toContain('15/11/2026');
      expect(text).toContain('Empleado emp-jorge');
    }
  });

  it('opens inline in a new tab from /descargar, the same document', async () => {
    const res = await jorge.client.fetch(`/api/nominas-api/descargar/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="nomina-2026-11-15.pdf"');
    expect(await pdfText(res)).toContain('$7,250.50');
  });

  it("prints 'Sin concepto', 'N/A' and '$0.00' for what a payslip lacks, and names an undated one nomina-sin-fecha.pdf", async () => {
    expect(await pdfText(await jorge.client.fetch('/api/nominas-api/download/nom-emp-jorge-2026-10-31'))).toContain('Sin concepto');
    const undated = await jorge.client.fetch('/api/nominas-api/download/nom-emp-jorge-sin-fecha');
    expect(undated.headers.get('content-disposition')).toBe('attachment; filename="nomina-sin-fecha.pdf"');
    const text = await pdfText(undated);
    expect(text).toContain('(N/A)');
    expect(text).toContain('$0.00');
  });

  it("gives nothing of someone else's payslip: the same 404 as a nonexistent one", async () => {
    for (const path of ['download', 'descargar']) {
      const foreign = await maria.client.json('GET', `/api/nominas-api/${path}/${id}`);
      const missing = await maria.client.json('GET', `/api/nominas-api/${path}/nom-no-existe`);
      expect(foreign).toMatchObject({ status: 404, body: { success: false, mensaje: 'No se encontró la nómina.' } });
      expect(foreign.headers.get('content-type')).toMatch(/application\/json/);
      expect(foreign.body).toEqual(missing.body);
    }
  });
});

describe('signed out', () => {
  it('answers 401 on every payroll endpoint', async () => {
    const c = gw.client();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/nominas-api/empleado/emp-maria'],
      ['GET', '/api/nominas-api/download/nom-emp-jorge-2026-11-15'],
      ['GET', '/api/nominas-api/descargar/nom-emp-jorge-2026-11-15'],
      ['GET', '/api/nominas/nom-emp-jorge-2026-11-15'],
      ['PUT', '/api/nominas/nom-emp-jorge-2026-11-15', { conceptoDePago: 'x', salario: 1, fecha: '2026-01-01' }],
      ['DELETE', '/api/nominas-api/nom-emp-jorge-2026-11-15'],
      ['POST', '/api/CrearNomina/emp-maria', { conceptoDePago: 'x', salario: 1, fecha: '2026-01-01' }],
    ];
    for (const [method, path, body] of calls) {
      expect(await c.json(method, path, body), `${method} ${path}`).toMatchObject({ status: 401, body: { success: false, mensaje: 'Debe iniciar sesión para continuar.' } });
    }
  });
});
