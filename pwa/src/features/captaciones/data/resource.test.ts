import { leaveDevice, signInOnDevice } from '../../../testing/local-data';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { docToForm, type Captacion } from '../../../../../couch-design/captacion';
import { sampleCaptacion } from '../../../../../couch-design/captacion/fixtures';
import { getLocalDb, localGet } from '../../../lib/db';
import type { AuthUser } from '../../../lib/session';
import { rowsToCsv } from '../list/csv';
import { PAGE_SIZE, visibleCaptaciones } from '../list/filter';
import { toListRow } from '../list/rows';
import { createCaptacion, listCaptaciones, loadCaptacion, matchingCaptaciones, pageOfCaptaciones, resolveCaptacionConflict, stamperOf, updateCaptacion } from './resource';

/** The captaciones resource on a real local database (PouchDB on fake-indexeddb), as the screens use it. */
function signIn(overrides: Partial<AuthUser> = {}): AuthUser {
  const user: AuthUser = { id: randomUUID(), role: 'user', empleado_id: null, email: 'laura.gomez@ejemplo.mx', nombre: 'Laura Gómez Ruiz', ...overrides };
  signInOnDevice(user.id);
  return user;
}

afterEach(leaveDevice);

const N = 1000;
const pad = (i: number) => String(i).padStart(4, '0');

/** N captaciones of `asesor`, one a day back from 2025-12-31: number N-1 is the oldest. */
async function seed(asesor: string): Promise<void> {
  const docs = Array.from({ length: N }, (_, i) => ({
    ...sampleCaptacion({
      propietario: { nombre: i === N - 1 ? 'Ximena Última Zárate' : `Propietario ${pad(i)}` },
      captacion: { asesor, fecha: new Date(Date.UTC(2025, 11, 31) - i * 86_400_000).toISOString() },
    }),
    _id: `cap-${pad(i)}`,
  }));
  const res = await getLocalDb('captaciones').bulkDocs(docs);
  expect(res.every((r) => 'ok' in r && r.ok)).toBe(true);
}

describe('the captaciones list reads every local record', () => {
  it('lists, searches, pages and exports 1,000 captaciones, and shows one just saved', { timeout: 60_000 }, async () => {
    const user = signIn();
    await seed(user.id);

    const all = await listCaptaciones(user);
    expect(all).toHaveLength(N);

    // The oldest one is found by search, sits on the last page, and is in the CSV.
    const found = visibleCaptaciones(all, 'ximena zarate', 1);
    expect(found.items.map((d) => d._id)).toEqual([`cap-${pad(N - 1)}`]);
    const lastPage = visibleCaptaciones(all, '', Number.MAX_SAFE_INTEGER);
    expect(lastPage.pages).toBe(N / PAGE_SIZE);
    expect(lastPage.page).toBe(N / PAGE_SIZE);
    expect(lastPage.items.at(-1)?._id).toBe(`cap-${pad(N - 1)}`);
    const csv = rowsToCsv(visibleCaptaciones(all, '', 1).matching.map(toListRow));
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(N + 1);
    expect(lines.at(-1)).toMatch(new RegExp(`^cap-${pad(N - 1)},.*Ximena Última Zárate`));

    const id = await createCaptacion(docToForm(sampleCaptacion({ propietario: { nombre: 'Recién Guardada' } })), user);
    const after = await listCaptaciones(user);
    expect(after).toHaveLength(N + 1);
    expect(visibleCaptaciones(after, 'recien guardada', 1).items.map((d) => d._id)).toEqual([id]);
  });
});

describe('the list reads a page through the kept index (issue 20 item 6)', () => {
  it('pages, counts and searches 1,000 captaciones reading only the page, and follows a save and a deletion', { timeout: 60_000 }, async () => {
    const user = signIn();
    await seed(user.id);
    const db = getLocalDb('captaciones');

    const first = await pageOfCaptaciones(user, '', 1);
    expect(first.items.map((d) => d._id)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => `cap-${pad(i)}`));
    expect([first.total, first.pages, first.inScope]).toEqual([N, N / PAGE_SIZE, N]);

    // Once indexed, a page, a search and the count read the ten records shown, not the thousand.
    const read = vi.spyOn(db, 'allDocs');
    const found = await pageOfCaptaciones(user, 'ximena zarate', 1);
    expect(found.items.map((d) => d._id)).toEqual([`cap-${pad(N - 1)}`]);
    expect(found.total).toBe(1);
    const last = await pageOfCaptaciones(user, '', Number.MAX_SAFE_INTEGER);
    expect([last.page, last.items.at(-1)?._id]).toEqual([N / PAGE_SIZE, `cap-${pad(N - 1)}`]);
    const keysRead = read.mock.calls.map(([opts]) => (opts as { keys?: string[] }).keys?.length ?? Infinity);
    expect(Math.max(...keysRead)).toBeLessThanOrEqual(PAGE_SIZE);
    read.mockRestore();

    // The CSV reads every match when asked.
    expect(await matchingCaptaciones(user, '')).toHaveLength(N);

    const id = await createCaptacion(docToForm(sampleCaptacion({ propietario: { nombre: 'Recién Guardada' } })), user);
    expect((await pageOfCaptaciones(user, 'recien guardada', 1)).items.map((d) => d._id)).toEqual([id]);
    expect((await pageOfCaptaciones(user, '', 1)).items[0]._id).toBe(id);
    const stored = await db.get(`cap-${pad(0)}`);
    await db.remove(stored);
    const after = await pageOfCaptaciones(user, '', 1);
    expect(after.total).toBe(N);
    expect(after.items.map((d) => d._id)).not.toContain(`cap-${pad(0)}`);
  });

  it('keeps the index in a _local document, so a reload does not rebuild it', { timeout: 30_000 }, async () => {
    const user = signIn();
    await seed(user.id);
    await pageOfCaptaciones(user, '', 1);
    const saved = await eventuallySaved();
    expect(saved.entries).toHaveLength(N);
    expect(saved.seq).toBeTruthy();
  });

  it('shows a supervisor only their own records', async () => {
    const user = signIn({ role: 'supervisor de obra' });
    await seed('otra-persona');
    await createCaptacion(docToForm(sampleCaptacion({ propietario: { nombre: 'De La Supervisora' } })), user);
    const page = await pageOfCaptaciones(user, '', 1);
    expect([page.total, page.inScope, page.items.map((d) => d.propietario.nombre)]).toEqual([1, 1, ['De La Supervisora']]);
  });
});

async function eventuallySaved(): Promise<{ entries: unknown[]; seq: unknown }> {
  for (let i = 0; i < 50; i++) {
    try {
      return (await getLocalDb('captaciones').get('_local/proyeccion-captaciones-lista')) as unknown as { entries: unknown[]; seq: unknown };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('El índice de la lista no se guardó');
}

describe('each save is stamped on the device with the person and the time of the edit', () => {
  it('stamps a new captación with its creator, now, and a first history entry', async () => {
    const user = signIn();
    const at = new Date('2025-06-02T15:52:00.000Z');
    const id = await createCaptacion(docToForm(sampleCaptacion({ estatus_actual: 'En proceso' })), user, at);
    const doc = await localGet<Captacion>('captaciones', id);
    expect(doc?.ultima_actualizacion).toEqual({ usuario: { nombre: 'Laura Gómez Ruiz', avatar: '' }, fecha: at.toISOString() });
    expect(doc?.historial_estatus).toEqual([{ usuario: { nombre: 'Laura Gómez Ruiz', email: 'laura.gomez@ejemplo.mx' }, fecha: at.toISOString(), estatus: 'En proceso' }]);
    expect(doc?.captacion).toMatchObject({ asesor: user.id, fecha: at.toISOString() });
  });

  it('stamps an edit made offline at 15:52 with 15:52, continuing the history of the revision edited', async () => {
    const user = signIn();
    const created = new Date('2025-06-02T10:00:00.000Z');
    const id = await createCaptacion(docToForm(sampleCaptacion({ estatus_actual: 'En proceso' })), user, created);
    const base = (await loadCaptacion(id, user))!.doc;

    const editor = { ...user, nombre: 'Pedro Sánchez', email: 'pedro@ejemplo.mx' };
    const edited = new Date('2025-06-02T15:52:00.000Z');
    await updateCaptacion({ ...docToForm(base), estatus_actual: 'Vendida' }, base, editor, edited);
    const doc = (await loadCaptacion(id, user))!.doc;
    expect(doc._rev).toMatch(/^2-/);
    expect(doc.ultima_actualizacion).toEqual({ usuario: { nombre: 'Pedro Sánchez', avatar: '' }, fecha: edited.toISOString() });
    expect(doc.historial_estatus.map((h) => [(h.usuario as { nombre: string }).nombre, h.fecha, h.estatus])).toEqual([
      ['Laura Gómez Ruiz', created.toISOString(), 'En proceso'],
      ['Pedro Sánchez', edited.toISOString(), 'Vendida'],
    ]);
    // The form does not own the adviser nor the capture date.
    expect(doc.captacion).toMatchObject({ asesor: user.id, fecha: created.toISOString() });
  });

  it('stamps the version kept when resolving a conflict', async () => {
    const user = signIn();
    const id = await createCaptacion(docToForm(sampleCaptacion()), user, new Date('2025-06-01T09:00:00.000Z'));
    const winner = (await loadCaptacion(id, user))!.doc;
    const resolvedAt = new Date('2025-06-03T12:30:00.000Z');
    await resolveCaptacionConflict(id, { ...winner, captacion: { ...winner.captacion, observaciones: 'combinada' } }, [], user, resolvedAt);
    const doc = (await loadCaptacion(id, user))!.doc;
    expect(doc.captacion.observaciones).toBe('combinada');
    expect(doc.ultima_actualizacion?.fecha).toBe(resolvedAt.toISOString());
    expect(doc.historial_estatus.map((h) => h.fecha)).toEqual(['2025-06-01T09:00:00.000Z', resolvedAt.toISOString()]);
  });

  it('names the person as the gateway does: full name, else the email', () => {
    expect(stamperOf({ nombre: 'Laura Gómez Ruiz', email: 'laura@ejemplo.mx' })).toEqual({ nombre: 'Laura Gómez Ruiz', email: 'laura@ejemplo.mx' });
    expect(stamperOf({ nombre: '', email: 'laura@ejemplo.mx' })).toEqual({ nombre: 'laura@ejemplo.mx', email: 'laura@ejemplo.mx' });
  });
});
