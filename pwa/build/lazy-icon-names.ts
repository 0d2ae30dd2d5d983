/**
 * Blueprint's icon loader imports `./iconNames`, which does its costly work at import time; this
 * plugin gives the bundle pwa/src/lib/blueprint-icon-names.ts instead (why: see that file).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REPLACEMENT = fileURLToPath(new URL('../src/lib/blueprint-icon-names.ts', import.meta.url));
const BLUEPRINT_ICONS = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/][^\\/]+$/;

export function lazyIconNames(): Plugin {
  return {
    name: 'lazy-blueprint-icon-names',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './iconNames' && importer && BLUEPRINT_ICONS.test(importer) ? REPLACEMENT : null;
    },
  };
}
