import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  captacionesSelector,
  inCaptacionesScope,
  inNominasScope,
  listedAdviser,
  nominasSelector,
  scopeFingerprint,
  type ScopeUser,
} from './scope';

// PouchDB's own Mango matcher: the selectors must mean what the predicates say.
const { matchesSelector } = createRequire(import.meta.url)('pouchdb-selector-core') as {
  matchesSelector(doc: object, selector: object): boolean;
};

const admin: ScopeUser = { id: 'u-admin', role: 'Administrador', empleado_id: 'e-admin' };
const agente: ScopeUser = { id: 'u-agente', role: 'user', empleado_id: 'e-agente' };
const asesor: ScopeUser = { id: 'u-asesor', role: 'Asesor', empleado_id: null };
const supervisor: ScopeUser = { id: 'u-sup', role: 'Supervisor de obra', empleado_id: 'e-sup' };

const captacion = (asesorId: unknown) => ({ _id: `c-${String(asesorId)}`, type: 'captacion', captacion: { asesor: asesorId } });
const nomina = (empleadoId: string) => ({ _id: `n-${empleadoId}`, type: 'nomina', empleadoId });

const docs = [
  captacion('u-sup'),
  captacion('u-agente'),
  captacion({ _id: 'u-sup', nombre: 'Objeto heredado' }),
  captacion(undefined),
  { _id: 'c-sin-tipo', captacion: { asesor: 'u-sup' } },
  { _id: 'c-borrada', _deleted: true, type: 'captacion', captacion: { asesor: 'u-sup' } },
  nomina('e-sup'),
  nomina('e-agente'),
  { _id: 'n-sin-tipo', empleadoId: 'e-sup' },
];

describe('captaciones scope', () => {
  it('gives a supervisor only the captaciones they advise, everyone else all of them', () => {
    expect(docs.filter((d) => inCaptacionesScope(supervisor, d)).map((d) => d._id)).toEqual(['c-u-sup', 'c-borrada']);
    for (const u of [admin, agente, asesor]) {
      expect(docs.filter((d) => inCaptacionesScope(u, d)).map((d) => d._id)).toEqual([
        'c-u-sup', 'c-u-agente', 'c-[object Object]', 'c-undefined', 'c-borrada',
      ]);
    }
  });

  it('selector and predicate agree for every role and document', () => {
    for (const u of [admin, agente, asesor, supervisor]) {
      for (const d of docs) expect(matchesSelector(d, captacionesSelector(u)), `${u.role} ${d._id}`).toBe(inCaptacionesScope(u, d));
    }
  });

  it("narrows a supervisor's list to their own whatever adviser they ask for, and nobody else's", () => {
    expect(listedAdviser(supervisor, 'u-agente')).toBe('u-sup');
    expect(listedAdviser(supervisor, undefined)).toBe('u-sup');
    expect(listedAdviser(admin, 'u-agente')).toBe('u-agente');
    expect(listedAdviser(asesor, undefined)).toBeUndefined();
  });

  it('normalises the role text before choosing the scope', () => {
    expect(captacionesSelector({ id: 'x', role: '  SUPERVISOR ' })).toEqual({ type: 'captacion', 'captacion.asesor': 'x' });
    expect(captacionesSelector({ id: 'x', role: 'Administrator supervisor' })).toEqual({ type: 'captacion' });
  });
});

describe('nóminas scope', () => {
  it('gives each person only the payslips of their linked employee, admins included', () => {
    expect(docs.filter((d) => inNominasScope(admin, d))).toEqual([]);
    expect(docs.filter((d) => inNominasScope(supervisor, d)).map((d) => d._id)).toEqual(['n-e-sup']);
    expect(docs.filter((d) => inNominasScope(agente, d)).map((d) => d._id)).toEqual(['n-e-agente']);
  });

  it('gives nothing at all to a person with no linked employee', () => {
    expect(nominasSelector(asesor)).toBeNull();
    expect(nominasSelector({ id: 'x', role: 'admin', empleado_id: '' })).toBeNull();
    expect(docs.filter((d) => inNominasScope(asesor, d))).toEqual([]);
  });

  it('selector and predicate agree', () => {
    for (const u of [admin, agente, supervisor]) {
      for (const d of docs) expect(matchesSelector(d, nominasSelector(u)!), `${u.role} ${d._id}`).toBe(inNominasScope(u, d));
    }
  });
});

describe('scopeFingerprint', () => {
  it('is short and stable for the same person and epoch', () => {
    const f = scopeFingerprint(supervisor, 3);
    expect(f).toBe(scopeFingerprint({ ...supervisor }, 3));
    expect(f.length).toBeLessThanOrEqual(40);
    expect(f).toMatch(/^[a-z0-9-]+$/);
    expect(scopeFingerprint(supervisor, undefined)).toBe(scopeFingerprint(supervisor, 0));
  });

  it('changes with a role change that changes the scope, a link change, another user or a reassignment', () => {
    const base = scopeFingerprint(agente, 0);
    const variants = [
      scopeFingerprint({ ...agente, role: 'supervisor' }, 0),
      scopeFingerprint({ ...agente, empleado_id: 'e-otro' }, 0),
      scopeFingerprint({ ...agente, empleado_id: null }, 0),
      scopeFingerprint({ ...agente, id: 'u-otro' }, 0),
      scopeFingerprint(agente, 1),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('keeps the fingerprint when a role change does not change what is read', () => {
    expect(scopeFingerprint({ ...agente, role: 'asesor' }, 0)).toBe(scopeFingerprint(agente, 0));
  });
});
