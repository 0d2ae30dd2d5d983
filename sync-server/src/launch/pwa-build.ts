/**
 * `npm start` builds the PWA only when `dist/` is missing or older than what it is built from: a
 * build takes over a minute, and most starts follow no change to the app.
 *
 * Every build (`npm run build` too, build-cli.ts) writes into a new folder of `.compilaciones/` and
 * swaps it in at the end (swapBuild): a gateway serving `dist/` meanwhile keeps answering `/`,
 * `/sw.js` and every asset, and a build that fails or is stopped leaves the previous one as it was.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What the build reads, relative to the repository root: folders are walked, files compared as they are. */
export const BUILD_INPUTS = ['pwa', 'couch-design', 'vite.config.ts', 'package.json', 'package-lock.json'];

/** The served build. */
export const DIST = 'dist';
/** The file the build writes last of the page itself; its date is the build's. */
export const BUILD_MARK = path.join(DIST, 'index.html');

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

/** Where builds are written; `dist` is a symbolic link to the current one. */
export const BUILDS = '.compilaciones';

/**
 * Puts the finished build `fresh` (a folder in BUILDS) in service: the previous build's hashed
 * assets that the new one lacks are copied in first (a tab that loaded the old page still fetches
 * its chunks), then `dist` becomes a link to it by renaming a new link over the old one, which is
 * atomic: a request sees the old build or the new one, never none. A `dist` that is still a real
 * folder (a build of an earlier version) is moved aside first, the one time the swap is not atomic.
 * Older builds are removed.
 */
export function swapBuild(root: string, fresh: string): void {
  const dist = path.join(root, DIST);
  const oldAssets = path.join(dist, 'assets');
  if (fs.existsSync(oldAssets)) {
    const newAssets = path.join(fresh, 'assets');
    fs.mkdirSync(newAssets, { recursive: true });
    for (const name of fs.readdirSync(oldAssets)) {
      const target = path.join(newAssets, name);
      if (!fs.existsSync(target)) fs.copyFileSync(path.join(oldAssets, name), target);
    }
  }
  const builds = path.join(root, BUILDS);
  const current = fs.lstatSync(dist, { throwIfNoEntry: false });
  if (current && !current.isSymbolicLink()) fs.renameSync(dist, path.join(builds, `anterior-${Date.now()}`));
  const link = path.join(root, `${DIST}.enlace-${process.pid}`);
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.relative(root, fresh), link);
  fs.renameSync(link, dist);
  for (const name of fs.readdirSync(builds)) {
    const other = path.join(builds, name);
    if (other !== fresh) fs.rmSync(other, { recursive: true, force: true });
  }
}

/** A new, empty folder for one build, in BUILDS. */
export function newBuildFolder(root: string): string {
  const builds = path.join(root, BUILDS);
  fs.mkdirSync(builds, { recursive: true });
  return fs.mkdtempSync(path.join(builds, `${new Date().toISOString().replace(/[:.]/g, '-')}-`));
}

/**
 * Runs `vite build` in a child process (its output shown as is) into a new folder, swapped in once
 * it succeeded. A SIGINT/SIGTERM meanwhile stops it; whatever did not finish is removed.
 */
export async function buildPwa(root: string): Promise<void> {
  const bin = viteBin(root);
  if (!bin) {
    throw new BuildFailed('No se puede compilar la aplicación web: Vite no está instalado (instalación de producción). Compile con «npm run build» en una instalación completa, o use «npm run serve» con la compilación que ya tiene.');
  }
  const fresh = newBuildFolder(root);
  let swapped = false;
  const child = spawn(process.execPath, [bin, 'build', '--outDir', fresh, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
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
    if (code === 0 && fs.existsSync(path.join(fresh, 'index.html'))) {
      swapBuild(root, fresh);
      swapped = true;
      return;
    }
    if (stoppedBy) throw new BuildFailed(`Compilación detenida (${String(stoppedBy)}); la compilación anterior sigue en ${DIST}/.`, true);
    throw new BuildFailed(`La compilación de la aplicación web falló (código ${code}); la compilación anterior sigue en ${DIST}/. Corrija el error de arriba y vuelva a compilar.`);
  } finally {
    if (!swapped) fs.rmSync(fresh, { recursive: true, force: true });
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}
