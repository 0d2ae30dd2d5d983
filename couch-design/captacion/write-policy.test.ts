import { describe, expect, it } from 'vitest';
import type { EntityWrite, WriteDecision, WriteState, WriteUser } from '../write-policy';
import { sampleCaptacion } from './fixtures';
import { MSG } from './messages';
import { stampCaptacion } from './stamp';
import { captacionWritePolicy, WRITE_MSG } from './write-policy';

type Doc = Record<string, any>;
const NOW = '2026-05-10T18:00:00.000Z';
const admin: WriteUser = { id: 'u-admin', role: 'Administrador', nombre: 'Ana Admin', email: 'ana@ejemplo.mx' };
const agente: WriteUser = { id: 'u-agente', role: 'user', nombre: 'Luis Agente', email: 'luis@ejemplo.mx' };
const supervisor: WriteUser = { id: 'u-sup', role: 'Supervisor', nombre: 'Sara Sup', email: 'sara@ejemplo.mx' };

const stored = (rev = '1-a', asesor = agente.id): Doc => ({ ...sampleCaptacion({ captacion: { asesor } }), _id: 'c1', _rev: rev });
const tombstone = (rev = '2-t'): Doc => ({ _id: 'c1', _rev: rev, _deleted: true, type: 'captacion', captacion: { asesor: agente.id } });

function decide(user: WriteUser, doc: Doc, state: Partial<WriteState> = {}, source: EntityWrite['source'] = 'device', users: string[] = [admin.id, agente.id]): WriteDecision {
  return captacionWritePolicy.decide({ doc, source, now: NOW }, { base: null, winner: null, ...state }, user, { existingUsers: new Set(users) });
}
const reason = (d: WriteDecision): string => (d.ok ? 'aceptada' : d.reason);

describe('deleted stays deleted', () => {
  const edit = { ...stored('2-b'), estatus_actual: 'En venta' };
  it('a non-admin brings back no deleted captación, whatever the write is edited from', () => {
    expect(reason(decide(agente, edit, { base: stored(), winner: tombstone() }))).toBe(WRITE_MSG.deleted);
    expect(reason(decide(agente, { ...edit, _rev: '3-c' }, { base: tombstone(), winner: tombstone() }))).toBe(WRITE_MSG.deleted);
    expect(reason(decide(agente, { ...edit, _rev: '1-z' }, { base: tombstone(), winner: tombstone() }))).toBe(WRITE_MSG.deleted);
    // Extending a deleted losing branch would bring a conflict back.
    expect(reason(decide(agente, { ...edit, _rev: '3-c' }, { base: tombstone(), winner: stored('2-w') }))).toBe(WRITE_MSG.deleted);
  });

  it('an admin restores one', () => {
    const d = decide(admin, { ...edit, _rev: '3-c' }, { base: tombstone(), winner: tombstone() });
    expect(d.ok).toBe(true);
    expect((d as { doc: Doc }).doc).toMatchObject({ _id: 'c1', _rev: '3-c', estatus_actual: 'En venta', captacion: { asesor: agente.id } });
  });
});

describe('deletions', () => {
  it('are for admins, and keep only the owner fields', () => {
    expect(reason(decide(agente, { ...stored('2-b'), _deleted: true }, { base: stored(), winner: stored() }))).toBe(WRITE_MSG.cannotDelete);
    expect(reason(decide(supervisor, { _id: 'c1', _deleted: true }, {}))).toBe(WRITE_MSG.cannotDelete);
    const d = decide(admin, { ...stored('2-b'), _deleted: true, _revisions: { start: 2, ids: ['b', 'a'] } }, { base: stored(), winner: stored() });
    // The record itself: the gateway deletes its other leaves and its photos too.
    expect(d).toEqual({ ok: true, removesRecord: true, doc: { _id: 'c1', _rev: '2-b', _deleted: true, type: 'captacion', captacion: { asesor: agente.id }, _revisions: { start: 2, ids: ['b', 'a'] } } });
  });

  it('of a losing branch are for any editor, while the winner stays', () => {
    const d = decide(agente, { ...stored('3-x'), _deleted: true }, { base: stored('2-loser'), winner: stored('2-winner') });
    expect(d.ok).toBe(true);
    // Resolving a conflict deletes neither the captación's other leaves nor its photos.
    expect(d).not.toHaveProperty('removesRecord');
  });
});

describe('what both paths refuse', () => {
  const cases: Array<[string, Doc, string]> = [
    ['9 MB', { ...stored(), propiedad: { ...stored().propiedad, caracteristicas: { ...stored().propiedad.caracteristicas, descripcion: 'x'.repeat(9_000_000) } } }, WRITE_MSG.tooLarge],
    ['101 debts', { ...stored(), propiedad: { ...stored().propiedad, adeudos: Array.from({ length: 101 }, () => stored().propiedad.adeudos[0]) } }, MSG.adeudosMax],
    ['an object where text belongs', { ...stored(), propietario: { ...stored().propietario, nombre: { $gt: '' } } }, `propietario.nombre: ${MSG.formatoInvalido}`],
    ['a list where text belongs', { ...stored(), tipo_tramite: ['a'] }, `tipo_tramite: ${MSG.formatoInvalido}`],
    ['an impossible date', { ...stored(), captacion: { ...stored().captacion, fecha: '2025-02-30T10:00:00.000Z' } }, `captacion.fecha: ${MSG.fechaInvalida}`],
    ['a text that is no date', { ...stored(), captacion: { ...stored().captacion, fecha: 'ayer' } }, `captacion.fecha: ${MSG.fechaInvalida}`],
    ['a text over 5000 characters', { ...stored(), captacion: { ...stored().captacion, observaciones: 'x'.repeat(5001) } }, MSG.textoMax],
  ];
  for (const [what, doc, expected] of cases) {
    it(`${what}, through REST and replication alike`, () => {
      for (const source of ['api', 'device'] as const) {
        const d = decide(agente, doc, { base: stored(), winner: stored() }, source);
        expect(d.ok).toBe(false);
        expect(reason(d)).toContain(expected);
      }
    });
  }

  it('a value too deep to read is refused, not thrown', () => {
    let deep: Doc = {};
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const d = decide(agente, { ...stored(), propietario: deep }, { base: stored(), winner: stored() });
    expect(d.ok).toBe(false);
  });
});

describe('cleaning', () => {
  const forged = { ...stored(), password_hash: '$2b$10$robado', __proto__: { admin: true } };
  it('REST stores the cleaned record: unknown fields never reach the database', () => {
    const withProto = JSON.parse(JSON.stringify({ ...stored(), password_hash: 'x' }).replace('{', '{"__proto__":{"admin":true},'));
    for (const body of [forged, withProto]) {
      const d = decide(agente, body, { base: stored(), winner: stored() }, 'api');
      expect(d.ok).toBe(true);
      const doc = (d as { doc: Doc }).doc;
      expect(Object.keys(doc)).not.toContain('password_hash');
      expect(Object.prototype.hasOwnProperty.call(doc, '__proto__')).toBe(false);
    }
  });

  it('a device must push its revision already clean: it keeps the revision id it gave it', () => {
    const withProto = JSON.parse(JSON.stringify({ ...stored('2-b') }).replace('{', '{"__proto__":{"admin":true},'));
    expect(reason(decide(agente, { ...stored('2-b'), password_hash: 'x' }, { base: stored(), winner: stored() }))).toBe(`${WRITE_MSG.unclean}password_hash`);
    expect(reason(decide(agente, withProto, { base: stored(), winner: stored() }))).toBe(`${WRITE_MSG.unclean}__proto__`);
    expect(reason(decide(agente, { ...stored('2-b'), propietario: { ...stored().propietario, rfc: 'herg850315k73' } }, { base: stored(), winner: stored() }))).toBe(`${WRITE_MSG.unclean}propietario.rfc`);
    const refs = stored().referencias_personales as Doc[];
    const untrimmed = { ...stored('2-b'), referencias_personales: [refs[0], { ...refs[1], nombre: ` ${refs[1].nombre}` }] };
    expect(reason(decide(agente, untrimmed, { base: stored(), winner: stored() }))).toBe(`${WRITE_MSG.unclean}referencias_personales[1].nombre`);
    // What the server decides anyway (the adviser, the stamps) is not the device's to get right.
    const otherAsesor = { ...stored('2-b'), captacion: { ...stored().captacion, asesor: { _id: agente.id } } };
    expect(reason(decide(agente, otherAsesor, { base: stored(), winner: stored() }))).toBe('aceptada');
  });
});

describe('advisers', () => {
  it('only an admin names another adviser, who must exist, on both paths', () => {
    for (const source of ['api', 'device'] as const) {
      const mine = { ...sampleCaptacion({ captacion: { asesor: admin.id } }), _id: 'n1' };
      expect(reason(decide(agente, mine, {}, source))).toBe(WRITE_MSG.createForOther);
      expect(reason(decide(agente, { ...stored('2-b'), captacion: { ...stored().captacion, asesor: admin.id } }, { base: stored(), winner: stored() }, source))).toBe(WRITE_MSG.reassign);
      const ghost = decide(admin, { ...stored('2-b'), captacion: { ...stored().captacion, asesor: 'no-existe' } }, { base: stored(), winner: stored() }, source);
      expect(ghost).toMatchObject({ ok: false, status: 400, errors: [{ param: 'captacion.asesor', msg: WRITE_MSG.asesorDesconocido }] });
      const moved = decide(admin, { ...stored('2-b'), captacion: { ...stored().captacion, asesor: admin.id } }, { base: stored(), winner: stored() }, source);
      expect(moved).toMatchObject({ ok: true, scopeLostBy: agente.id, doc: { captacion: { asesor: admin.id } } });
    }
  });

  it('an adviser named by a legacy object is checked by its id', () => {
    expect(captacionWritePolicy.usersNamed({ captacion: { asesor: { _id: admin.id, name: 'Ana' } } })).toEqual([admin.id]);
    const d = decide(admin, { ...stored('2-b'), captacion: { ...stored().captacion, asesor: { _id: admin.id } } }, { base: stored(), winner: stored() }, 'api');
    expect(d).toMatchObject({ ok: true, doc: { captacion: { asesor: admin.id } } });
  });

  it('a non-admin’s offline edit keeps an adviser assigned meanwhile', () => {
    const d = decide(agente, { ...stored('2-b'), tipo_tramite: 'Contado' }, { base: stored(), winner: stored('2-w', admin.id) });
    expect(d).toMatchObject({ ok: true, doc: { tipo_tramite: 'Contado', captacion: { asesor: admin.id } } });
  });
});

describe('stamps', () => {
  it('a device’s edit time is kept (clamped), REST’s is the server’s', () => {
    const saved = stampCaptacion({ ...stored('2-b'), estatus_actual: 'En venta' }, stored(), agente, '2026-05-09T15:52:00.000Z');
    const device = decide(agente, saved, { base: stored(), winner: stored() }) as { doc: Doc };
    expect(device.doc.ultima_actualizacion).toEqual({ usuario: { nombre: 'Luis Agente', avatar: '' }, fecha: '2026-05-09T15:52:00.000Z', recibido: NOW });
    const api = decide(agente, saved, { base: stored(), winner: stored() }, 'api') as { doc: Doc };
    expect(api.doc.ultima_actualizacion).toEqual({ usuario: { nombre: 'Luis Agente', avatar: '' }, fecha: NOW, recibido: NOW });
    expect(api.doc.historial_estatus).toEqual([{ usuario: { nombre: 'Luis Agente', email: 'luis@ejemplo.mx' }, fecha: NOW, estatus: 'En venta' }]);
  });
});
