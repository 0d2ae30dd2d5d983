import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { bumpScopeEpoch, readScopeEpoch } from './scope-epoch';
import { ids, openOnline, pullInto, remoteDb, seed, signedIn, type Person } from '../testing/pouch-client';

/**
 * A captación reassigned away from a supervisor changes nothing their selector could see, so an
 * old checkpoint would keep it on the device forever. The reassignment moves their scope epoch:
 * the server root shows a new scope and uuid, and a fresh replication yields exactly the new scope.
 */
const gw = gatewayForFile();
let admin: Person, supervisor: Person, agente: Person;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });
type Doc = Record<string, any>;

beforeAll(async () => {
  admin = await signedIn(gw, 'administrator');
  supervisor = await signedIn(gw, 'supervisor', 'emp-sup');
  agente = await signedIn(gw, 'asesor');
  await seed(gw.store, 'captaciones', [cap('s-1', supervisor.id), cap('s-2', supervisor.id), cap('a-1', agente.id)]);
});

describe('scope change by reassignment', () => {
  it('a reassignment away from a supervisor gives a new scope and uuid, and a fresh pull holds exactly the new scope', async () => {
    const before = (await supervisor.client.json('GET', '/db/')).body;
    const device = await pullInto(gw, supervisor, 'captaciones');
    expect(await ids(device)).toEqual(['s-1', 's-2']);

    // The admin opens s-1 online and reassigns it to the asesor from their device, through replication.
    await openOnline(gw, admin, ['s-1']);
    const office = await pullInto(gw, admin, 'captaciones');
    const doc = (await office.get('s-1')) as Doc;
    await office.put({ ...doc, captacion: { ...doc.captacion, asesor: agente.id } });
    const res = await office.replicate.to(remoteDb(gw.url, 'captaciones', admin.cookie));
    expect(res.doc_write_failures).toBe(0);
    expect(await readScopeEpoch(gw.store, supervisor.id)).toBe(1);

    const after = (await supervisor.client.json('GET', '/db/')).body;
    expect(after.scope).not.toBe(before.scope);
    expect(after.uuid).not.toBe(before.uuid);

    // The old device's incremental pull cannot notice (this is why the uuid moves).
    await device.replicate.from(remoteDb(gw.url, 'captaciones', supervisor.cookie));
    expect(await ids(device)).toContain('s-1');

    // The device wipes and pulls with the new identity: exactly the new scope.
    expect(await ids(await pullInto(gw, supervisor, 'captaciones'))).toEqual(['s-2']);
    // Other people's identity did not move.
    expect(await readScopeEpoch(gw.store, agente.id)).toBe(0);
  });

  it('a captación reassigned to a supervisor reaches them on the next incremental pull', async () => {
    const device = await pullInto(gw, supervisor, 'captaciones');
    await openOnline(gw, admin, ['a-1']);
    const office = await pullInto(gw, admin, 'captaciones');
    const doc = (await office.get('a-1')) as Doc;
    await office.put({ ...doc, captacion: { ...doc.captacion, asesor: supervisor.id } });
    await office.replicate.to(remoteDb(gw.url, 'captaciones', admin.cookie));
    await device.replicate.from(remoteDb(gw.url, 'captaciones', supervisor.cookie));
    expect(await ids(device)).toEqual(['a-1', 's-2']);
  });

  it('bumpScopeEpoch only moves people whose scope depends on the adviser, unless forced', async () => {
    const invalidated: string[] = [];
    const sessionUsers = { invalidate: (id: string) => void invalidated.push(id) };
    expect(await bumpScopeEpoch(gw.store, agente.id, sessionUsers)).toBe(false);
    expect(await bumpScopeEpoch(gw.store, 'no-existe', sessionUsers)).toBe(false);
    const before = await readScopeEpoch(gw.store, supervisor.id);
    expect(await bumpScopeEpoch(gw.store, supervisor.id, sessionUsers)).toBe(true);
    expect(await readScopeEpoch(gw.store, supervisor.id)).toBe(before + 1);
    expect(await bumpScopeEpoch(gw.store, agente.id, sessionUsers, { force: true })).toBe(true);
    expect(invalidated).toEqual([supervisor.id, agente.id]);
    // The account keeps everything else, the password hash included (sign-in still works).
    await gw.client().signIn(await userEmail(supervisor.id), 'Contraseña-segura-1');
  });

  it('a role change changes the scope too', async () => {
    const before = (await agente.client.json('GET', '/db/')).body.scope;
    const usuarios = await gw.store.db('usuarios');
    const u = await usuarios.get(agente.id);
    await usuarios.put({ ...u, role: 'supervisor' });
    gw.gateway.context.sessionUsers.invalidate(agente.id);
    const after = (await agente.client.json('GET', '/db/')).body.scope;
    expect(after).not.toBe(before);
    // As a supervisor now: only what they advise (s-1, reassigned to them above).
    expect(await ids(await pullInto(gw, agente, 'captaciones'))).toEqual(['s-1']);
  });
});

async function userEmail(id: string): Promise<string> {
  return (await (await gw.store.db('usuarios')).get(id)).email as string;
}
