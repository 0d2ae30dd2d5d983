/**
 * `npm run seed:demo`: realistic demo data in Spanish, one account per role. Fixed ids make it
 * safe to run again: existing documents are updated, never duplicated.
 */
import { roleLabel } from '../../../couch-design/roles';
import { hashPassword } from '../auth/password';
import { configFromEnv } from '../config';
import { deployDesignDocs } from '../store/deploy';
import { createStore } from '../store/index';
import type { Store, StoreDoc } from '../store/port';
import { okDocs, winningLeaf } from '../store/winner';
import { demoCaptaciones } from './demo-captaciones';
import { DEMO_ACCOUNTS, demoEmpleados, demoNominas, demoPersonalData } from './demo-people';

/** Writes the docs, keeping the current revision of those already there. */
async function upsertAll(store: Store, dbName: string, docs: StoreDoc[]): Promise<void> {
  const db = await store.db(dbName);
  const existing = await db.bulkGet(docs.map((d) => ({ id: d._id })));
  const revs = new Map<string, string>();
  for (const r of existing.results) {
    const found = winningLeaf(okDocs(r.docs));
    if (found?._rev) revs.set(r.id, found._rev);
  }
  const res = await db.bulkDocs(docs.map((d) => (revs.has(d._id) ? { ...d, _rev: revs.get(d._id) } : d)));
  const failed = res.filter((r) => r.error);
  if (failed.length) throw new Error(`No se pudieron guardar ${failed.length} documentos en ${dbName}: ${failed[0].reason}`);
}

export async function seedDemo(store: Store): Promise<void> {
  await deployDesignDocs(store);
  const usuarios = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      _id: a.id, type: 'usuario', prim_nom: a.prim_nom, apell_pa: a.apell_pa, apell_ma: a.apell_ma, email: a.email,
      role: a.role, pust: a.pust, ...demoPersonalData(a),
      // The supervisor's link is stored on the employee (userId), the others' on the user.
      empleado_id: a.empleado && a.id !== 'demo-supervisor' ? a.empleado : null,
      password_hash: await hashPassword(a.password),
    })),
  );
  const empleados = demoEmpleados();
  await upsertAll(store, 'usuarios', usuarios);
  await upsertAll(store, 'empleados', empleados as unknown as StoreDoc[]);
  await upsertAll(store, 'nominas', demoNominas(empleados) as unknown as StoreDoc[]);
  const asesores = ['demo-asesor', 'demo-asesor2', 'demo-user', 'demo-admin'];
  await upsertAll(store, 'captaciones', demoCaptaciones(asesores, 'demo-supervisor') as unknown as StoreDoc[]);
}

async function main(): Promise<void> {
  const config = configFromEnv();
  let store: Store;
  try {
    store = await createStore(config);
    await (await store.db('usuarios')).info();
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    console.error(/lock/i.test(msg)
      ? `La base integrada en ${config.dataDir} está en uso por el servidor. Deténgalo (Ctrl+C en la terminal de npm start), ejecute de nuevo "npm run seed:demo" y vuelva a iniciar con "npm start".`
      : `No se pudo abrir la base de datos: ${msg}`);
    process.exit(1);
  }
  await seedDemo(store);
  await store.close();
  console.log('Datos de demostración cargados: 6 cuentas, 5 empleados, 25 nóminas y 30 captaciones.\n');
  console.log('Cuentas (correo · rol · contraseña):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(32)} ${roleLabel(a.role).padEnd(27)} ${a.password}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((e) => {
    console.error('No se pudieron cargar los datos de demostración:', e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
