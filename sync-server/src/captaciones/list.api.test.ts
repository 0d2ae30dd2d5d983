import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { captacionOf, expectNoStack, ROLES, seed, signedIn, type Person } from '../testing/captaciones';

const gw = gatewayForFile();
let admin: Person;
let user: Person;
let asesor: Person;
let sup: Person;
let otherSup: Person;
let ayudante: Person;

type Item = { _id: string; id: string; captacion: { fecha: string; asesor: string }; asesor_nombre: string; propietario: { nombre: string } };

/** 25 captaciones: days 1..12 advised by the asesor, 13..20 by the supervisor, 21..25 by `user`. */
beforeAll(async () => {
  [admin, user, asesor, sup, otherSup, ayudante] = await Promise.all([
    signedIn(gw, ROLES.admin),
    signedIn(gw, ROLES.user, { prim_nom: 'Ulises', apell_pa: 'Torres', apell_ma: 'Vega' }),
    signedIn(gw, ROLES.asesor, { prim_nom: 'Laura', apell_pa: 'Méndez', apell_ma: 'Ruiz' }),
    signedIn(gw, ROLES.supervisor, { prim_nom: 'Sergio', apell_pa: 'Paz', apell_ma: 'Luna' }),
    signedIn(gw, ROLES.supervisor),
    signedIn(gw, ROLES.ayudante),
  ]);
  const docs = [];
  for (let day = 1; day <= 25; day++) {
    const owner = day <= 12 ? asesor : day <= 20 ? sup : user;
    docs.push(captacionOf(owner.user.id, day, { propietario: { nombre: `Propietario Número ${day}` } }));
  }
  docs[2].propietario.nombre = 'José Núñez Peña';
  docs[2].propiedad.direccion = { ...docs[2].propiedad.direccion, ciudad: 'Mérida', estado: 'Yucatán', colonia: 'García Ginerés', codigo_postal: '97070' };
  docs[4].propietario.nombre = 'Bodegas .*( del Norte';
  docs[15].propietario.nombre = 'Josefina Núñez Ortiz';
  await seed(gw, docs);
});

const list = (p: Person, query = '') => p.client.json('GET', `/api/captaciones${query}`);

describe('GET /api/captaciones', () => {
  it('answers page one newest captación date first, ten per page, with the pagination', async () => {
    const r = await list(admin, '?page=1&limit=10&sort=-captacion.fecha');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.paginacion).toEqual({ pagina: 1, paginas: 3, total: 25, limite: 10 });
    const fechas = (r.body.captaciones as Item[]).map((c) => c.captacion.fecha);
    expect(fechas).toHaveLength(10);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(r.body.captaciones[0].propietario.nombre).toBe('Propietario Número 25');
  });

  it('defaults to page 1, ten rows and newest first when nothing is asked', async () => {
    const r = await list(admin);
    expect(r.body.paginacion).toEqual({ pagina: 1, paginas: 3, total: 25, limite: 10 });
    expect(r.body.captaciones[0].propietario.nombre).toBe('Propietario Número 25');
  });

  it('walks the pages without repeating or losing a record, and answers an empty page past the end', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const r = await list(admin, `?page=${page}&limit=10&sort=-captacion.fecha`);
      expect(r.body.paginacion.pagina).toBe(page);
      seen.push(...(r.body.captaciones as Item[]).map((c) => c._id));
    }
    expect(new Set(seen).size).toBe(25);
    const past = await list(admin, '?page=4&limit=10');
    expect(past.status).toBe(200);
    expect(past.body.captaciones).toEqual([]);
    expect(past.body.paginacion).toEqual({ pagina: 4, paginas: 3, total: 25, limite: 10 });
  });

  it('sorts oldest first with the ascending twin', async () => {
    const r = await list(admin, '?sort=captacion.fecha&limit=3');
    expect((r.body.captaciones as Item[]).map((c) => c.propietario.nombre)).toEqual(['Propietario Número 1', 'Propietario Número 2', 'José Núñez Peña']);
  });

  it('resolves each adviser id to the person name, with id beside _id', async () => {
    const r = await list(admin, '?limit=100');
    const items = r.body.captaciones as Item[];
    expect(items).toHaveLength(25);
    const byAsesor = new Map(items.map((c) => [c.captacion.asesor, c.asesor_nombre]));
    expect(byAsesor.get(asesor.user.id)).toBe('Laura Méndez Ruiz');
    expect(byAsesor.get(sup.user.id)).toBe('Sergio Paz Luna');
    expect(byAsesor.get(user.user.id)).toBe('Ulises Torres Vega');
    for (const c of items) expect(c.id).toBe(c._id);
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
  });

  it('gives every non-supervisor role the whole list (user, asesor, ayudante de administrador)', async () => {
    for (const p of [user, asesor, ayudante]) {
      const r = await list(p);
      expect(r.status).toBe(200);
      expect(r.body.paginacion.total).toBe(25);
    }
  });

  it('gives a supervisor only the captaciones they advise, whatever supervisor= says', async () => {
    for (const query of ['', `?supervisor=${sup.user.id}`, `?supervisor=${asesor.user.id}`, `?supervisor=${otherSup.user.id}`]) {
      const r = await list(sup, `${query}${query ? '&' : '?'}limit=100`);
      expect(r.status).toBe(200);
      expect(r.body.paginacion).toEqual({ pagina: 1, paginas: 1, total: 8, limite: 100 });
      expect((r.body.captaciones as Item[]).every((c) => c.captacion.asesor === sup.user.id)).toBe(true);
    }
  });

  it('filters by adviser when an admin (or anyone who sees everything) passes supervisor=<id>', async () => {
    for (const p of [admin, user]) {
      const r = await list(p, `?supervisor=${asesor.user.id}&limit=5&page=2`);
      expect(r.body.paginacion).toEqual({ pagina: 2, paginas: 3, total: 12, limite: 5 });
      expect((r.body.captaciones as Item[]).every((c) => c.captacion.asesor === asesor.user.id)).toBe(true);
    }
  });

  it('answers paginas 0 and an empty list when there is nothing to show', async () => {
    const r = await list(otherSup);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, captaciones: [], paginacion: { pagina: 1, paginas: 0, total: 0, limite: 10 } });
    const unknown = await list(admin, '?supervisor=nadie-asesora-esto');
    expect(unknown.body.paginacion).toMatchObject({ paginas: 0, total: 0 });
  });

  it('asks for a session', async () => {
    const r = await gw.client().json('GET', '/api/captaciones');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, mensaje: 'Debe iniciar sesión para continuar.' });
  });
});

describe('GET /api/captaciones?search=', () => {
  it('finds the owner whatever the case and accents typed', async () => {
    for (const q of ['nunez', 'NÚÑEZ', 'Núñez', 'josé núñez', 'peña']) {
      const r = await list(admin, `?search=${encodeURIComponent(q)}&limit=100`);
      expect(r.status).toBe(200);
      const names = (r.body.captaciones as Item[]).map((c) => c.propietario.nombre);
      expect(names).toContain('José Núñez Peña');
    }
    const both = await list(admin, '?search=nunez');
    expect((both.body.captaciones as Item[]).map((c) => c.propietario.nombre)).toEqual(['Josefina Núñez Ortiz', 'José Núñez Peña']);
    expect(both.body.paginacion).toEqual({ pagina: 1, paginas: 1, total: 2, limite: 10 });
  });

  it('finds by address parts: city, state, neighbourhood and postal code, each word in any field', async () => {
    for (const q of ['merida', 'YUCATAN', 'garcia gineres', '97070', 'jose merida']) {
      const r = await list(admin, `?search=${encodeURIComponent(q)}`);
      expect((r.body.captaciones as Item[]).map((c) => c.propietario.nombre)).toEqual(['José Núñez Peña']);
    }
    const none = await list(admin, `?search=${encodeURIComponent('jose monterrey')}`);
    expect(none.body).toEqual({ success: true, captaciones: [], paginacion: { pagina: 1, paginas: 0, total: 0, limite: 10 } });
  });

  it('takes regex metacharacters literally and never fails on them', async () => {
    const literal = await list(admin, `?search=${encodeURIComponent('.*(')}`);
    expect(literal.status).toBe(200);
    expect((literal.body.captaciones as Item[]).map((c) => c.propietario.nombre)).toEqual(['Bodegas .*( del Norte']);
    const star = await list(admin, `?search=${encodeURIComponent('*')}`);
    expect((star.body.captaciones as Item[]).map((c) => c.propietario.nombre)).toEqual(['Bodegas .*( del Norte']);
    for (const q of ['[', '(?<', '\\', '$^|+?{}', ')', '.+', '(a+)+$', '%']) {
      const r = await list(admin, `?search=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
      expect(r.body.paginacion.total).toBe(0);
    }
  });

  it('pages search results newest first', async () => {
    const all = await list(admin, `?search=${encodeURIComponent('propietario número')}&limit=100`);
    expect(all.body.paginacion.total).toBe(22);
    const page2 = await list(admin, `?search=${encodeURIComponent('propietario número')}&limit=10&page=2`);
    expect(page2.body.paginacion).toEqual({ pagina: 2, paginas: 3, total: 22, limite: 10 });
    expect((page2.body.captaciones as Item[]).map((c) => c._id)).toEqual((all.body.captaciones as Item[]).slice(10, 20).map((c) => c._id));
    const fechas = (all.body.captaciones as Item[]).map((c) => c.captacion.fecha);
    expect([...fechas].sort().reverse()).toEqual(fechas);
  });

  it('searches only within a supervisor scope', async () => {
    const own = await list(sup, '?search=nunez');
    expect((own.body.captaciones as Item[]).map((c) => c.propietario.nombre)).toEqual(['Josefina Núñez Ortiz']);
    const foreign = await list(sup, '?search=merida');
    expect(foreign.body.paginacion).toMatchObject({ total: 0, paginas: 0 });
  });

  it('treats a blank search as no search', async () => {
    const r = await list(admin, '?search=%20%20');
    expect(r.body.paginacion.total).toBe(25);
  });
});

describe('GET /api/captaciones with bad parameters', () => {
  const cases: Array<[string, string]> = [
    ['?page=0', 'El número de página no es válido.'],
    ['?page=-1', 'El número de página no es válido.'],
    ['?page=abc', 'El número de página no es válido.'],
    ['?page=1.5', 'El número de página no es válido.'],
    ['?page=1&page=2', 'El número de página no es válido.'],
    ['?page=99999999999999999999', 'El número de página no es válido.'],
    ['?limit=0', 'El límite por página no es válido: use un número entero entre 1 y 100.'],
    ['?limit=101', 'El límite por página no es válido: use un número entero entre 1 y 100.'],
    ['?limit=100000', 'El límite por página no es válido: use un número entero entre 1 y 100.'],
    ['?limit=diez', 'El límite por página no es válido: use un número entero entre 1 y 100.'],
    ['?sort=propietario.nombre', 'El orden solicitado no es válido: use -captacion.fecha o captacion.fecha.'],
    ['?sort=-captacion.fecha&sort=captacion.fecha', 'El orden solicitado no es válido: use -captacion.fecha o captacion.fecha.'],
    ['?supervisor=_design%2Fvalidation', 'El identificador del asesor no es válido.'],
    [`?search=${'a'.repeat(101)}`, 'La búsqueda no es válida: use a lo sumo 100 caracteres.'],
  ];
  it.each(cases)('%s answers 400 in Spanish', async (query, mensaje) => {
    const r = await list(admin, query);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, mensaje });
    expectNoStack(r.body);
  });
});
