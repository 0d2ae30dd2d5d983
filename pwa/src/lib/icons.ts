/**
 * Blueprint draws icons from SVG paths it loads on demand; by default that means two chunks
 * with every icon (~100 KiB gzip each). Here the loader serves only the registered icons
 * (./icon-paths), fetched as one small lazy chunk the first time an icon is drawn.
 */
import { Icons, IconSize, type IconName } from '@blueprintjs/icons';

type PathsModule = typeof import('./icon-paths');

let pathsModule: Promise<PathsModule> | null = null;

export async function loadIconPaths(name: IconName, size: number): Promise<string[]> {
  pathsModule ??= import('./icon-paths');
  const entry = (await pathsModule).ICON_PATHS[name];
  if (!entry) throw new Error(`Icono no registrado en pwa/src/lib/icon-paths.ts: '${name}'`);
  return size >= IconSize.LARGE ? entry[1] : entry[0];
}

export function setupIcons(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
