/**
 * `npm run admin -- list | reset-password CORREO | create CORREO`: the way back in when nobody
 * can sign in as an administrator (a forgotten password, the only admin gone), run on the server.
 */
import { fileURLToPath } from 'node:url';
import { roleLabel } from '../../../couch-design/roles';
import { fullName } from '../../../couch-design/usuario';
import { credentialLines } from '../auth/first-admin';
import { configFromEnv } from '../config';
import { openStoreForCommand, StoreNotOpened } from '../store/in-use';
import { AccountsTool, AdminRefused } from './accounts';

export const USAGE = [
  'Uso:',
  '  npm run admin -- list                     las cuentas: correo, rol y nombre',
  '  npm run admin -- reset-password CORREO    una contraseña nueva para esa cuenta (cierra sus sesiones)',
  '  npm run admin -- create CORREO            un administrador nuevo',
  'La contraseña nueva se genera y se muestra una sola vez, o se toma de ADMIN_PASSWORD.',
  'Con la base integrada, detenga antes la pasarela: la base admite un solo proceso a la vez.',
].join('\n');

const COMMANDS: Record<string, { needsEmail: boolean; run(tool: AccountsTool, email: string, password?: string): Promise<string[]> }> = {
  list: {
    needsEmail: false,
    async run(tool) {
      const users = await tool.list();
      if (users.length === 0) return ['No hay cuentas. Cree un administrador con «npm run admin -- create CORREO».'];
      const width = Math.max(...users.map((u) => u.email.length));
      return [`${users.length} ${users.length === 1 ? 'cuenta' : 'cuentas'} (correo · rol · nombre):`, ...users.map((u) => `  ${u.email.padEnd(width)}  ${roleLabel(u.role).padEnd(26)}  ${fullName(u)}`)];
    },
  },
  'reset-password': {
    needsEmail: true,
    async run(tool, email, password) {
      const done = await tool.resetPassword(email, password);
      return ['Contraseña nueva fijada; las sesiones abiertas de esa cuenta se cerraron.', ...credentialLines(done)];
    },
  },
  create: {
    needsEmail: true,
    async run(tool, email, password) {
      const admin = await tool.createAdmin(email, password);
      return ['Administrador creado (complete su nombre y sus datos desde la aplicación):', ...credentialLines(admin)];
    },
  },
};

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 not understood). */
export async function runAdmin(args: string[], out = console.log, err = console.error): Promise<number> {
  const [name, email, ...extra] = args;
  const command = name ? COMMANDS[name] : undefined;
  if (!command || (command.needsEmail ? !email || extra.length > 0 : email !== undefined)) {
    err(name && !command ? `Comando desconocido: «${name}».\n${USAGE}` : USAGE);
    return 2;
  }
  const config = configFromEnv();
  try {
    const store = await openStoreForCommand(config, `npm run admin -- ${args.join(' ')}`, { mustExist: true });
    try {
      out((await command.run(await AccountsTool.open(store), email, config.adminPassword)).join('\n'));
      return 0;
    } finally {
      await store.close();
    }
  } catch (e) {
    if (e instanceof AdminRefused || e instanceof StoreNotOpened) {
      err(e.message);
      return 1;
    }
    throw e;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error('No se pudo completar el comando:', e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
