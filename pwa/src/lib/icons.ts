/**
 * Blueprint draws icons from SVG paths it loads on demand; by default that means two chunks
 * with every icon (~100 KiB gzip each). Here the loader serves only the registered icons
 * (./icon-paths), one small lazy chunk that the start-up script (boot.ts) already asks for.
 */
import { Icons, IconSize, type IconName } from '@blueprintjs/icons';

type PathsModule = typeof import('./icon-paths');

let pathsModule: Promise<PathsModule> | null = null;

/** The registered paths; a failed fetch is forgotten, so the next icon drawn tries again (the network may be back). */
function iconPaths(): Promise<PathsModule> {
  pathsModule ??= import('./icon-paths').catch((err: unknown) => {
    pathsModule = null;
    throw err;
  });
  return pathsModule;
}

export async function loadIconPaths(name: IconName, size: number): Promise<string[]> {
  const entry = (await iconPaths()).ICON_PATHS[name];
  if (!entry) throw new Error(`Icono no registrado en pwa/src/lib/icon-paths.ts: '${name}'`);
  return size >= Number(IconSize.LARGE) ? entry[1] : entry[0];
}

export function setupIcons(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
