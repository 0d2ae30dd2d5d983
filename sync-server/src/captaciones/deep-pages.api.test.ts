import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { captacionOf, ROLES, seed, signedIn, type Person } from '../testing/captaciones';

const gw = gatewayForFile();
let admin: Person;
let sup: Person;
const TOTAL = 1230;

// Every page comes from the gateway's directory, several batches of its feed long: walking them
// must neither repeat nor skip a record, for everyone and per adviser.
beforeAll(async () => {
  [admin, sup] = await Promise.all([signedIn(gw, ROLES.admin), signedIn(gw, ROLES.supervisor)]);
  const docs = Array.from({ length: TOTAL }, (_, i) => captacionOf(i % 3 === 0 ? sup.user.id : `asesor-${i % 7}`, i));
  for (let i = 0; i < docs.length; i += 500) await seed(gw, docs.slice(i, i + 500));
});

async function walk(p: Person, query: string): Promise<{ ids: string[]; fechas: string[]; totals: number[] }> {
  const ids: string[] = [];
  const fechas: string[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const r = await p.client.json('GET', `/api/captaciones?limit=100&page=${page}${query}`);
    expect(r.status).toBe(200);
    totals.push(r.body.paginacion.total);
    if (r.body.captaciones.length === 0) break;
    for (const c of r.body.captaciones) {
      ids.push(c._id);
      fechas.push(c.captacion.fecha);
    }
  }
  return { ids, fechas, totals };
}

describe('deep pages', () => {
  it('list every captación once, newest first, page after page', async () => {
    const { ids, fechas, totals } = await walk(admin, '');
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(new Set(totals)).toEqual(new Set([TOTAL]));
    const asc = await walk(admin, '&sort=captacion.fecha');
    expect(asc.ids).toEqual([...ids].reverse());
  });

  it('keep a supervisor to their own captaciones', async () => {
    const { ids, totals } = await walk(sup, '');
    expect(ids).toHaveLength(410);
    expect(new Set(ids).size).toBe(410);
    expect(new Set(totals)).toEqual(new Set([410]));
    const page5 = await sup.client.json('GET', '/api/captaciones?limit=100&page=5');
    expect(page5.body.captaciones.every((c: { captacion: { asesor: string } }) => c.captacion.asesor === sup.user.id)).toBe(true);
    expect(page5.body.paginacion).toEqual({ pagina: 5, paginas: 5, total: 410, limite: 100 });
  });
});
