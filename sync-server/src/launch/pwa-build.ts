/**
 * `npm start` builds the PWA only when `dist/` is missing or older than what it is built from: a
 * build takes over a minute, and most starts follow no change to the app.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What the build reads, relative to the repository root: folders are walked, files compared as they are. */
export const BUILD_INPUTS = ['pwa', 'couch-design', 'vite.config.ts', 'package.json', 'package-lock.json'];

/** The file the build writes last of the page itself: a build cut short leaves it missing (vite empties dist/ first). */
export const BUILD_MARK = path.join('dist', 'index.html');

/** Tests never enter the build: editing one must not cost a minute at the next start. */
const notBuilt = (name: string): boolean => name === 'node_modules' || name === 'dev-dist' || /\.test\.tsx?$/.test(name);

function newest(file: string): { file: string; mtimeMs: number } | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return { file, mtimeMs: stat.mtimeMs };
  let best: { file: string; mtimeMs: number } | null = null;
  for (const name of fs.readdirSync(file)) {
    if (notBuilt(name)) continue;
    const found = newest(path.join(file, name));
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

/** Why `root`'s build must be made again (in Spanish, for the start's one line), or null when it is current. */
export function staleBuildReason(root: string): string | null {
  const mark = newest(path.join(root, BUILD_MARK));
  if (!mark) return 'no hay compilación en dist/';
  for (const input of BUILD_INPUTS) {
    const found = newest(path.join(root, input));
    if (found && found.mtimeMs > mark.mtimeMs) return `${path.relative(root, found.file)} cambió después de la última compilación`;
  }
  return null;
}

/** Vite's command-line script, or null in a production install (`npm ci --omit=dev`), which has no Vite. */
function viteBin(root: string): string | null {
  try {
    const require = createRequire(path.join(root, 'package.json'));
    return path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    return null;
  }
}

export class BuildFailed extends Error {
  constructor(
    message: string,
    /** The build was stopped on request (SIGINT/SIGTERM), not broken. */
    readonly stopped = false,
  ) {
    super(message);
    this.name = 'BuildFailed';
  }
}

/**
 * Runs `vite build` in a child process (its output shown as is). A SIGINT/SIGTERM meanwhile stops
 * it, and a build that did not finish loses its mark so the next start builds again.
 */
export async function buildPwa(root: string): Promise<void> {
  const bin = viteBin(root);
  if (!bin) {
    throw new BuildFailed('No se puede compilar la aplicación web: Vite no está instalado (instalación de producción). Compile con «npm run build» en una instalación completa, o use «npm run serve» con la compilación que ya tiene.');
  }
  const child = spawn(process.execPath, [bin, 'build'], { cwd: root, stdio: 'inherit' });
  let stoppedBy: NodeJS.Signals | null = null;
  const forward = (signal: NodeJS.Signals): void => {
    stoppedBy = signal;
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    if (code === 0) return;
    fs.rmSync(path.join(root, BUILD_MARK), { force: true });
    if (stoppedBy) throw new BuildFailed(`Compilación detenida (${String(stoppedBy)}).`, true);
    throw new BuildFailed(`La compilación de la aplicación web falló (código ${code}); corrija el error de arriba y vuelva a ejecutar «npm start».`);
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}
