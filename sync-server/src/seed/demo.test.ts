import { beforeAll, describe, expect, it } from 'vitest';
import { validateCaptacion } from '../../../couch-design/captacion';
import { empleadoCreateSchema } from '../../../couch-design/empleado';
import { signupSchema } from '../../../couch-design/usuario';
import { linkProblems } from '../testing/personas';
import { gatewayForFile } from '../testing/per-file';
import { seedDemo } from './demo';
import { DEMO_ACCOUNTS } from './demo-people';

const gw = gatewayForFile();
beforeAll(async () => {
  await seedDemo(gw.store);
  await seedDemo(gw.store); // a second run must not duplicate anything
});

describe('npm run seed:demo', () => {
  it('creates one account per role that can sign in with the printed password', async () => {
    const roles = new Set(DEMO_ACCOUNTS.map((a) => a.role));
    expect(roles).toEqual(new Set(['administrator', 'user', 'asesor', 'supervisor de obra', 'ayudante de administrador']));
    for (const a of DEMO_ACCOUNTS) {
      const c = await gw.client().signIn(a.email, a.password);
      const me = (await c.json('GET', '/api/check-auth')).body.user;
      expect(me).toMatchObject({ id: a.id, role: a.role, empleado_id: a.empleado ?? null });
    }
  });

  it('writes about 30 valid captaciones, some assigned to the supervisor, and payslips per linked employee', async () => {
    const caps = await (await gw.store.db('captaciones')).find({ selector: { type: 'captacion' }, limit: 1000 });
    expect(caps.docs).toHaveLength(30);
    for (const d of caps.docs) expect(validateCaptacion(d)).toEqual([]);
    const bySupervisor = caps.docs.filter((d) => (d.captacion as { asesor: string }).asesor === 'demo-supervisor');
    expect(bySupervisor.length).toBeGreaterThan(0);
    expect(bySupervisor.length).toBeLessThan(30);
    const nominas = await (await gw.store.db('nominas')).find({ selector: { type: 'nomina', empleadoId: 'demo-emp-maria' } });
    expect(nominas.docs.length).toBeGreaterThanOrEqual(3);
  });

  it('stores users and employees complete under the forms\' rules, linked consistently in both directions', async () => {
    const users = await (await gw.store.db('usuarios')).find({ selector: { type: 'usuario' }, limit: 100 });
    for (const u of users.docs) await expect(signupSchema.omit(['password']).validate(u, { abortEarly: false }), u._id).resolves.toBeTruthy();
    const empleados = await (await gw.store.db('empleados')).find({ selector: { type: 'empleado' }, limit: 100 });
    for (const e of empleados.docs) await expect(empleadoCreateSchema.validate(e, { abortEarly: false }), e._id).resolves.toBeTruthy();
    expect(await linkProblems(gw.store)).toEqual([]);
  });
});
