/**
 * The embedded store's folder, made ready before it is opened (docs/operacion.md «Permisos»):
 * created when missing, owner-only (folders 0700, files 0600, what LevelDB wrote before included:
 * the session secret and every session live in those files), and a folder the account cannot
 * write is said as a permission problem, naming the account, not as "in use by another process".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BadSetting } from '../config';

const account = (): string => {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
};

function permissionProblem(dir: string, code: string): BadSetting {
  return new BadSetting(
    'DATA_DIR',
    `DATA_DIR: la cuenta «${account()}» no tiene permiso para usar la carpeta ${dir} (${code}). ` +
      `Dé la carpeta a la cuenta del servicio (p. ej. «chown -R ${account()} ${dir}») o elija otra con DATA_DIR.`,
  );
}

/** Owner-only modes on the folder and everything in it; a file that is not ours is left alone. */
function tighten(dir: string): void {
  const uid = process.getuid?.();
  const walk = (p: string, isDir: boolean): void => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink() || (uid !== undefined && st.uid !== uid)) return;
    const want = isDir ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== want) fs.chmodSync(p, want);
    if (isDir) for (const e of fs.readdirSync(p, { withFileTypes: true })) walk(path.join(p, e.name), e.isDirectory());
  };
  walk(dir, true);
}

/** Creates or checks `dir`, throwing BadSetting with the operator's words when it cannot be used. */
export function prepareDataDir(dir: string): void {
  try {
    if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new BadSetting('DATA_DIR', `DATA_DIR (${dir}) existe pero no es una carpeta: indique una carpeta.`);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    tighten(dir);
  } catch (e) {
    if (e instanceof BadSetting) throw e;
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw permissionProblem(dir, code);
    throw e;
  }
}

/** LevelDB's words for a file it may not open (`IO error: …: Permission denied`). */
export const isPermissionDenied = (e: unknown): boolean => e instanceof Error && /permission denied|EACCES|EPERM/i.test(e.message);

export { permissionProblem };
