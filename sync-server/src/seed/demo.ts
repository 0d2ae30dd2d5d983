/**
 * `npm run seed:demo`: realistic demo data in Spanish, one account per role. Fixed ids make it
 * safe to run again: existing documents are updated, never duplicated. A store holding anyone
 * else's account is refused without `--force` (demo-guard.ts).
 */
import { CAPTACION } from '../../../couch-design/captacion/entity';
import { EMPLEADO } from '../../../couch-design/empleado/entity';
import { NOMINA } from '../../../couch-design/nomina/entity';
import { roleLabel } from '../../../couch-design/roles';
import { USUARIO } from '../../../couch-design/usuario/entity';
import { hashPassword } from '../auth/password';
import { configFromEnv } from '../config';
import { deployDesignDocs } from '../store/deploy';
import { openStoreForCommand } from '../store/in-use';
import type { Store, StoreDoc } from '../store/port';
import { okDocs, winningLeaf } from '../store/winner';
import { demoCaptaciones } from './demo-captaciones';
import { accountsNotFromDemo, FORCE_FLAG, PUBLIC_PASSWORDS_WARNING, refusalMessage } from './demo-guard';
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
  await upsertAll(store, USUARIO.database, usuarios);
  await upsertAll(store, EMPLEADO.database, empleados as unknown as StoreDoc[]);
  await upsertAll(store, NOMINA.database, demoNominas(empleados) as unknown as StoreDoc[]);
  const asesores = ['demo-asesor', 'demo-asesor2', 'demo-user', 'demo-admin'];
  await upsertAll(store, CAPTACION.database, demoCaptaciones(asesores, 'demo-supervisor') as unknown as StoreDoc[]);
}

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((a) => a !== FORCE_FLAG);
  if (unknown.length) {
    console.error(`Opción desconocida: ${unknown.join(' ')}. Uso: npm run seed:demo [-- ${FORCE_FLAG}]`);
    return 2;
  }
  const config = configFromEnv();
  let store: Store;
  try {
    store = await openStoreForCommand(config, `npm run seed:demo${args.length ? ` -- ${args.join(' ')}` : ''}`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 1;
  }
  try {
    const others = await accountsNotFromDemo(store);
    if (others.length && !args.includes(FORCE_FLAG)) {
      console.error(refusalMessage(others, config.couchdbUrl ? `la base de Apache CouchDB (prefijo ${config.dbPrefix})` : `la base integrada en ${config.dataDir}`));
      return 1;
    }
    await seedDemo(store);
  } finally {
    await store.close();
  }
  console.log('Datos de demostración cargados: 6 cuentas, 5 empleados, 25 nóminas y 30 captaciones.\n');
  console.log('Cuentas (correo · rol · contraseña):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(32)} ${roleLabel(a.role).padEnd(27)} ${a.password}`);
  console.log(`\n${PUBLIC_PASSWORDS_WARNING}`);
  return 0;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error('No se pudieron cargar los datos de demostración:', e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
