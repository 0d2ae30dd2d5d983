/**
 * The link between a user and an employee stays consistent in both directions: after each kind
 * of change, after every prefix of a change's writes (a gateway may die midway), and when two
 * admins change it at the same moment. On a real store (the run's: embedded, or CouchDB).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Empleado } from '../../../couch-design/empleado';
import type { Usuario } from '../../../couch-design/usuario';
import { EmpleadosRepository } from '../empleados/repository';
import { deployDesignDocs } from '../store/deploy';
import type { Store } from '../store/port';
import { linkProblems } from '../testing/personas';
import { testStore } from '../testing/store';
import { UsuariosRepository } from '../usuarios/repository';
import { deleteUsuarioPlan, emptyPlan, keepAnAdminPlan, linkPlan } from './plans';
import { Personas } from './service';
import type { Plan, Reader } from './transaction';

let store: Store;
let usuarios: UsuariosRepository;
let empleados: EmpleadosRepository;
let personas: Personas;
let invalidated: string[];

beforeEach(async () => {
  store = await testStore();
  await deployDesignDocs(store);
  usuarios = await UsuariosRepository.open(store);
  empleados = await EmpleadosRepository.open(store);
  invalidated = [];
  personas = new Personas({ usuarios, empleados, store, sessionUsers: { invalidate: (id) => invalidated.push(id) } });
});
afterEach(() => store.close());

async function usuario(id: string, extra: Partial<Usuario> = {}): Promise<void> {
  await usuarios.create({ _id: id, type: 'usuario', prim_nom: id, apell_pa: 'P', apell_ma: 'M', email: `${id}@ejemplo.mx`, role: 'user', ...extra });
}
async function empleado(id: string, extra: Partial<Empleado> = {}): Promise<void> {
  await empleados.put({
    _id: id, type: 'empleado', prim_nom: id, apell_pa: 'P', apell_ma: 'M', telefono: '5512345678', pust: 'Puesto', estado: 'Activo',
    salario: 1, fecha_na: '1990-01-01', fecha_ing: '2020-01-01', calle: 'C', nun_ex: '1', codigo: '01000', ...extra,
  });
}
/** Documents still carrying a transaction's mark once every transaction has answered. */
async function marksLeft(): Promise<string[]> {
  const docs = [...(await usuarios.all()), ...(await empleados.all())];
  return docs.filter((d) => 'vinculo_en_curso' in d).map((d) => d._id);
}
/** From the user's side, with and without the admin's consent to take the employee from someone else. */
const TAKE = { from: 'usuario', reasignar: true } as const;
const FREE = { from: 'usuario', reasignar: false } as const;
const userLink = async (id: string) => (await usuarios.get(id))?.empleado_id ?? null;
const empLink = async (id: string) => (await empleados.get(id))?.userId ?? null;

/** Two plans computed before either takes its marks: the worst interleaving, every time. */
function gate(n: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return async () => {
    if (++arrived >= n) open();
    await opened;
  };
}
/** The plan linking user `u` to employee `e`, computed while the other plans are computed too (`wait`). */
const linkAtOnce = (wait: () => Promise<void>, u: string, e: string, mode: typeof TAKE | typeof FREE) =>
  personas.run(gated(wait, async (read) => linkPlan(read, (await read.usuario(u))!, await read.empleado(e), mode)));
function gated(wait: () => Promise<void>, plan: (read: Reader) => Promise<Plan>): (read: Reader) => Promise<Plan> {
  let first = true;
  return async (read) => {
    const p = await plan(read);
    if (first) {
      first = false;
      await wait();
    }
    return p;
  };
}

describe('each change leaves the link consistent on both sides', () => {
  it('linking writes both directions', async () => {
    await usuario('u1');
    await empleado('e1');
    await personas.link('u1', 'e1', false);
    expect([await userLink('u1'), await empLink('e1')]).toEqual(['e1', 'u1']);
    expect(await linkProblems(store)).toEqual([]);
  });

  it('relinking a user frees their old employee and takes the new one from its old user', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1'), empleado('e2')]);
    await personas.link('u1', 'e1', false);
    await personas.link('u2', 'e2', false);
    await personas.link('u1', 'e2', true);
    expect([await userLink('u1'), await empLink('e2'), await userLink('u2'), await empLink('e1')]).toEqual(['e2', 'u1', null, null]);
    expect(await linkProblems(store)).toEqual([]);
  });

  it('relinking from the employee side does the same, once confirmed', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1')]);
    await personas.link('u1', 'e1', false);
    await expect(personas.linkFromEmpleado('e1', 'u2', false)).rejects.toMatchObject({ status: 409 });
    expect([await empLink('e1'), await userLink('u1')]).toEqual(['u1', 'e1']);
    await personas.linkFromEmpleado('e1', 'u2', true);
    expect([await empLink('e1'), await userLink('u2'), await userLink('u1')]).toEqual(['u2', 'e1', null]);
    expect(await linkProblems(store)).toEqual([]);
  });

  it('unlinking from either side clears both', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1'), empleado('e2')]);
    await personas.link('u1', 'e1', false);
    await personas.link('u2', 'e2', false);
    await personas.link('u1', null, false);
    await personas.linkFromEmpleado('e2', null, false);
    expect([await userLink('u1'), await empLink('e1'), await userLink('u2'), await empLink('e2')]).toEqual([null, null, null, null]);
  });

  it('takes over a link stored on one side only, as older data holds it', async () => {
    await Promise.all([usuario('u1', { empleado_id: 'e1' }), usuario('u2'), empleado('e1'), empleado('e2', { userId: 'u2' })]);
    await personas.link('u1', 'e2', true);
    expect([await userLink('u1'), await empLink('e2'), await userLink('u2'), await empLink('e1')]).toEqual(['e2', 'u1', null, null]);
    expect(await linkProblems(store)).toEqual([]);
  });

  it('deleting a user leaves their employee unlinked; deleting an employee leaves their user unlinked', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1'), empleado('e2')]);
    await personas.link('u1', 'e1', false);
    await personas.link('u2', 'e2', false);
    await personas.deleteUsuario('u1');
    await personas.deleteEmpleado('e2');
    expect([await usuarios.get('u1'), await empLink('e1'), await empleados.get('e2'), await userLink('u2')]).toEqual([null, null, null, null]);
    expect(await linkProblems(store)).toEqual([]);
  });

  it('refreshes the people whose scope moved: their session is read again and their sync scope renewed', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1')]);
    await personas.link('u1', 'e1', false);
    expect(invalidated).toContain('u1');
    const epoch = (await usuarios.get('u1'))?.scope_epoch ?? 0;
    invalidated = [];
    await personas.linkFromEmpleado('e1', 'u2', true);
    expect(invalidated).toEqual(expect.arrayContaining(['u1', 'u2']));
    expect((await usuarios.get('u1'))?.scope_epoch).toBeGreaterThan(epoch);
  });

  it('never leaves the lock mark on a document, written or only held', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1'), usuario('a1', { role: 'administrator' }), usuario('a2', { role: 'administrator' })]);
    await personas.link('u1', 'e1', false);
    await personas.link('u1', 'e1', false);
    await personas.deleteUsuario('a1');
    expect(await marksLeft()).toEqual([]);
  });
});

describe('a link is never taken from someone else without consent (issue 18 item 5)', () => {
  it("from the user's side: an employee another user has is refused by name, and nothing moves", async () => {
    await Promise.all([usuario('u1'), usuario('u2', { prim_nom: 'Ana', apell_pa: 'López', apell_ma: 'Ruiz' }), empleado('e1')]);
    await personas.link('u2', 'e1', false);
    await expect(personas.link('u1', 'e1', false)).rejects.toMatchObject({
      status: 409,
      mensaje: 'El empleado ya está vinculado con Ana López Ruiz; confirme que desea reasignarlo.',
      extra: { vinculado_con: { id: 'u2', nombre: 'Ana López Ruiz' } },
    });
    expect([await userLink('u1'), await userLink('u2'), await empLink('e1')]).toEqual([null, 'e1', 'u2']);
    expect(await marksLeft()).toEqual([]);
  });

  it("from the employee's side: a user another employee has is refused by name; the employee's own old user is the admin's change", async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1'), empleado('e2', { prim_nom: 'Beto', apell_pa: 'Sosa', apell_ma: 'Gil' })]);
    await personas.link('u1', 'e1', false);
    await personas.link('u2', 'e2', false);
    await expect(personas.linkFromEmpleado('e1', 'u2', false)).rejects.toMatchObject({
      status: 409,
      mensaje: 'El usuario ya está vinculado con el empleado Beto Sosa Gil; confirme que desea reasignarlo.',
    });
    expect([await userLink('u1'), await userLink('u2')]).toEqual(['e1', 'e2']);
    await personas.linkFromEmpleado('e1', 'u2', true);
    expect([await empLink('e1'), await userLink('u2'), await userLink('u1'), await empLink('e2')]).toEqual(['u2', 'e1', null, null]);
    expect(await linkProblems(store)).toEqual([]);
  });

  it('a link held on one side only counts: older data is protected too', async () => {
    await Promise.all([usuario('u1'), usuario('u2', { empleado_id: 'e1' }), empleado('e1')]);
    await expect(personas.link('u1', 'e1', false)).rejects.toMatchObject({ status: 409 });
    await expect(personas.assertLinkable({ empleadoId: 'e1' }, false)).rejects.toMatchObject({ status: 409 });
    await expect(personas.assertLinkable({ empleadoId: 'e1' }, true)).resolves.toBeUndefined();
    expect(await userLink('u2')).toBe('e1');
  });

  it('relinking the same pair, or a free employee, needs no consent', async () => {
    await Promise.all([usuario('u1'), empleado('e1'), empleado('e2')]);
    await personas.link('u1', 'e1', false);
    await personas.link('u1', 'e1', false);
    await personas.linkFromEmpleado('e1', 'u1', false);
    await personas.link('u1', 'e2', false);
    expect([await userLink('u1'), await empLink('e1')]).toEqual(['e2', null]);
  });

  it('two users picking one employee at the same moment without consent: one links, the other is refused', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1')]);
    const wait = gate(2);
    const results = await Promise.allSettled([linkAtOnce(wait, 'u1', 'e1', FREE), linkAtOnce(wait, 'u2', 'e1', FREE)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    expect(await linkProblems(store)).toEqual([]);
    expect(await marksLeft()).toEqual([]);
  });
});

describe('a gateway dying midway leaves the link consistent', () => {
  it('every prefix of the writes of a relink keeps the invariant', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1'), empleado('e2')]);
    await personas.link('u1', 'e1', false);
    await personas.link('u2', 'e2', false);
    let plan: Plan = emptyPlan();
    await personas.run(async (read) => {
      plan = await linkPlan(read, (await read.usuario('u1'))!, await read.empleado('e2'), { from: 'usuario', reasignar: true });
      return emptyPlan();
    });
    expect(plan.steps.length).toBeGreaterThanOrEqual(4);
    for (const step of plan.steps) {
      const repo = step.ref.kind === 'usuario' ? usuarios : empleados;
      const current = (await repo.get(step.ref.id))!;
      const next = step.change(current);
      if (next === 'delete') await repo.removeIfCurrent(current);
      else await (repo as unknown as { put(d: unknown): Promise<unknown> }).put(next);
      expect(await linkProblems(store)).toEqual([]);
    }
    expect([await userLink('u1'), await empLink('e2')]).toEqual(['e2', 'u1']);
  });
});

describe('two admins at once', () => {
  it('two users linked to one employee at the same moment: one of them has it, both sides agree', async () => {
    await Promise.all([usuario('u1'), usuario('u2'), empleado('e1')]);
    const wait = gate(2);
    await Promise.all([linkAtOnce(wait, 'u1', 'e1', TAKE), linkAtOnce(wait, 'u2', 'e1', TAKE)]);
    expect(await linkProblems(store)).toEqual([]);
    const owner = await empLink('e1');
    expect(['u1', 'u2']).toContain(owner);
    expect(await userLink(owner!)).toBe('e1');
    expect(await userLink(owner === 'u1' ? 'u2' : 'u1')).toBeNull();
  });

  it('one user linked to two employees at the same moment: one of them wins, the other is free', async () => {
    await Promise.all([usuario('u1'), empleado('e1'), empleado('e2')]);
    const wait = gate(2);
    await Promise.all([linkAtOnce(wait, 'u1', 'e1', FREE), linkAtOnce(wait, 'u1', 'e2', FREE)]);
    expect(await linkProblems(store)).toEqual([]);
    const chosen = await userLink('u1');
    expect(await empLink(chosen!)).toBe('u1');
    expect(await empLink(chosen === 'e1' ? 'e2' : 'e1')).toBeNull();
  });

  it('many links and deletions racing keep the invariant', async () => {
    const us = ['u1', 'u2', 'u3', 'u4'];
    const es = ['e1', 'e2', 'e3'];
    await Promise.all([...us.map((u) => usuario(u)), ...es.map((e) => empleado(e))]);
    const ops: Array<Promise<unknown>> = [];
    for (let i = 0; i < 24; i++) {
      const u = us[i % us.length];
      const e = es[(i * 7) % es.length];
      ops.push((i % 5 === 4 ? personas.link(u, null, true) : i % 2 ? personas.link(u, e, true) : personas.linkFromEmpleado(e, u, true)).catch((err) => err));
    }
    ops.push(personas.deleteUsuario('u4').catch((err) => err), personas.deleteEmpleado('e3').catch((err) => err));
    const results = await Promise.all(ops);
    // Only "someone else is changing it" (on a busy cluster) or a deleted person may fail, never a server error.
    for (const r of results) if (r instanceof Error) expect(r.message).toMatch(/No se encontró|no existe|Otra persona está modificando/);
    expect(await linkProblems(store)).toEqual([]);
    expect(await marksLeft()).toEqual([]);
  });

  it('two admins removing each other: one of them stays an admin', async () => {
    await Promise.all([usuario('a', { role: 'administrator' }), usuario('b', { role: 'administrador' })]);
    const wait = gate(2);
    const results = await Promise.allSettled([
      personas.run(gated(wait, async (read) => deleteUsuarioPlan(read, (await read.usuario('b'))!))),
      personas.run(
        gated(wait, async (read) => {
          const a = (await read.usuario('a'))!;
          const guard = await keepAnAdminPlan(read, a, 'último');
          return { ...guard, steps: [{ ref: { kind: 'usuario', id: 'a' }, change: (d) => ({ ...d, role: 'user' }) }], lock: [...guard.lock, { kind: 'usuario', id: 'a' }] };
        }),
      ),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await usuarios.adminIds()).toHaveLength(1);
    expect(await marksLeft()).toEqual([]);
  });
});
