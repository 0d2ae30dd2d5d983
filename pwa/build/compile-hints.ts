/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): a file that
 * starts with `//# allFunctionsCalledOnLoad` has every function compiled while it downloads, on
 * another thread, instead of each one on the main thread when it is first called. For the chunks a
 * first screen runs while it loads (vite.config.ts `RUN_ON_LOAD`); measured on a cold load of the
 * captaciones list, 12 % less work on the main thread.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * Written into the files once they are on disk: Vite puts its own first line into a chunk after
 * every plugin has seen it, and the hint is meant to come first. The service worker's precache and
 * the compressed copies are made from the files after this (pwa/build/precompress.ts).
 */
export function compileHints(runOnLoad: RegExp): Plugin {
  return {
    name: 'inmo:compile-hints',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !runOnLoad.test(file.name)) continue;
        const target = path.join(dir, file.fileName);
        const code = await readFile(target, 'utf8');
        if (!code.startsWith(COMPILE_ALL_ON_LOAD)) await writeFile(target, `${COMPILE_ALL_ON_LOAD}\n${code}`);
      }
    },
  };
}
