/**
 * Blueprint's components import `Text` from `../text/text`; the build gives them
 * pwa/src/lib/blueprint-text.tsx instead, which draws the same without a second render of every
 * button (the reasons are in that file). Only imports made from inside Blueprint's components.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const BLUEPRINT_TEXT = fileURLToPath(new URL('../src/lib/blueprint-text.tsx', import.meta.url));
const BLUEPRINT_COMPONENTS = /@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]components[\\/]/;

export function lighterBlueprintText(): Plugin {
  return {
    name: 'inmo:lighter-blueprint-text',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && BLUEPRINT_COMPONENTS.test(importer) && /(^|\/)text\/text(\.js)?$/.test(source) ? BLUEPRINT_TEXT : null;
    },
  };
}
