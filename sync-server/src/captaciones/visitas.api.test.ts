import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { VISITA_MSG } from '../../../couch-design/visita/schema';
import { VISITA_AJENA } from '../../../couch-design/visita/entity';
import { gatewayForFile } from '../testing/per-file';
import { ids, localDb, openOnline, pullInto, pushDenied, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * Visits (couch-design/visita) through the gateway: a device's visit is checked by the shared
 * schema with its Spanish messages, a supervisor reads those of their captaciones only and writes
 * none, and the captación's PDF lists them.
 */
const gw = gatewayForFile();
let asesor: Person, sup: Person, admin: Person;
const visita = (id: string, captacionId: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  type: 'visita',
  captacionId,
  fecha: '2026-11-20',
  hora: '10:30',
  visitante: 'Jorge Comprador',
  telefono: '5512345678',
  comentarios: '',
  resultado: 'Oferta',
  ...extra,
});

async function push(person: Person, docs: Array<Record<string, unknown>>): Promise<string[]> {
  const device = localDb();
  await device.bulkDocs(docs);
  return pushDenied(gw, person, 'visitas', device);
}

beforeAll(async () => {
  asesor = await signedIn(gw, 'asesor');
  sup = await signedIn(gw, 'supervisor', 'emp-sup-v');
  admin = await signedIn(gw, 'administrator');
  await seed(gw.store, 'captaciones', [
    { ...sampleCaptacion({ captacion: { asesor: sup.id } }), _id: 'cap-sup' },
    { ...sampleCaptacion({ captacion: { asesor: asesor.id } }), _id: 'cap-otra' },
  ]);
});

describe('visitas', () => {
  it('are checked by the shared schema, with its Spanish messages', async () => {
    const denied = await push(asesor, [
      visita('v-mala', 'cap-sup', { telefono: '55123', resultado: 'Tal vez', fecha: '2026-02-30' }),
      visita('v-1', 'cap-sup'),
      visita('v-2', 'cap-otra', { visitante: 'Ana Vecina', resultado: 'Interesado' }),
    ]);
    expect(denied).toHaveLength(1);
    expect(denied[0]).toContain(VISITA_MSG.fechaInvalida);
    expect(denied[0]).toContain(VISITA_MSG.telefonoDigitos);
    expect(denied[0]).toContain(VISITA_MSG.resultadoInvalido);
  });

  it('a supervisor reads the visits of their captaciones and records none', async () => {
    expect(await ids(await pullInto(gw, sup, 'visitas'))).toEqual(['v-1']);
    expect(await push(sup, [visita('v-sup', 'cap-sup')])).toEqual([VISITA_AJENA]);
    // Visits follow their captación onto a device (issue 34): the admin opened both online.
    await openOnline(gw, admin, ['cap-sup', 'cap-otra']);
    expect(await ids(await pullInto(gw, admin, 'visitas'))).toEqual(['v-1', 'v-2']);
  });

  it("are listed in the captación's PDF, for whoever reads the captación", async () => {
    const res = await sup.client.fetch('/api/captaciones/cap-sup/pdf');
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text).toContain('Visitas');
    expect(text).toContain('Jorge Comprador');
    expect(text).not.toContain('Ana Vecina');
  });
});
