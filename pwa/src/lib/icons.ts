/**
 * Blueprint draws icons from SVG paths it loads on demand; by default that means two chunks
 * with every icon (~100 KiB gzip each). Here the loader serves only the registered icons
 * (./icon-paths), fetched as one small lazy chunk the first time an icon is drawn.
 */
import { Icons, IconSize, type IconName } from '@blueprintjs/icons';

type PathsModule = typeof import('./icon-paths');

let pathsModule: Promise<PathsModule> | null = null;

/**
 * Starts fetching the paths (boot.ts calls it with the screen's code): every screen draws icons,
 * and asked for only when the first one is drawn they would cost a phone one more round trip
 * between the screen's code and its first complete paint.
 */
export function preloadIconPaths(): Promise<PathsModule> {
  pathsModule ??= import('./icon-paths').catch((err: unknown) => {
    pathsModule = null; // the next icon drawn tries again (the network may be back)
    throw err;
  });
  return pathsModule;
}

export async function loadIconPaths(name: IconName, size: number): Promise<string[]> {
  const entry = (await preloadIconPaths()).ICON_PATHS[name];
  if (!entry) throw new Error(`Icono no registrado en pwa/src/lib/icon-paths.ts: '${name}'`);
  return size >= IconSize.LARGE ? entry[1] : entry[0];
}

export function setupIcons(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
