/**
 * Puts the start-up script (pwa/src/boot.ts, an entry of its own: vite.config.ts) in the page as
 * its one module script, and the entry as a preload link the start-up script runs. The start-up
 * chunk imports nothing, so it asks for the session and the screen's code while the entry (React,
 * ~105 kB) is still downloading; inside the entry it could only start once all of that had
 * arrived and been evaluated. And the frame it draws is painted before the entry's evaluation,
 * which on a fast network would otherwise hold the first paint.
 */
import type { Plugin } from 'vite';
// With its extension: Vite's native config loader (its coming default) has Node run this file, and Node resolves no path without one.
import { ENTRY_ATTRIBUTE } from '../src/app/entry-start.ts';

export const BOOT_ENTRY = 'boot';

interface EmittedChunk {
  type: string;
  name?: string;
  isEntry?: boolean;
  fileName: string;
  imports?: string[];
}

/**
 * The page with the start-up chunk's script in the entry's place (its own preload link, now
 * redundant, removed) and the entry as a preload link: downloaded at once, run by the start-up
 * script after it has drawn and the browser has painted (pwa/src/boot.ts).
 */
export function withBootScript(html: string, bootFile: string): string {
  const src = `/${bootFile}`;
  const preload = `<link rel="modulepreload" crossorigin href="${src}">`;
  const page = html
    .split('\n')
    .filter((line) => line.trim() !== preload)
    .join('\n');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>|<script type="module" src="([^"]+)"><\/script>/.exec(page);
  if (!entry) throw new Error('index.html sin script de entrada: no hay dónde poner el de arranque');
  const entrySrc = entry[1] ?? entry[2];
  const replacement =
    `<link rel="modulepreload" crossorigin href="${entrySrc}" ${ENTRY_ATTRIBUTE}>\n    ` +
    `<script type="module" crossorigin src="${src}"></script>`;
  return page.slice(0, entry.index) + replacement + page.slice(entry.index + entry[0].length);
}

export function bootScript(): Plugin {
  return {
    name: 'boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The dev server serves sources: the same order, from the source file.
        if (!ctx.bundle) return withBootScript(html, 'src/boot.ts');
        const chunks = Object.values(ctx.bundle as Record<string, EmittedChunk>);
        const boot = chunks.find((c) => c.type === 'chunk' && c.isEntry && c.name === BOOT_ENTRY);
        if (!boot) throw new Error(`Falta el trozo de arranque '${BOOT_ENTRY}' (vite.config.ts: rolldownOptions.input)`);
        // A static import would make it wait for another chunk, React's perhaps: add the module to BOOT_MODULES instead.
        if (boot.imports?.length) {
          throw new Error(`El trozo de arranque importa ${boot.imports.join(', ')}: sus módulos van en BOOT_MODULES (vite.config.ts)`);
        }
        return withBootScript(html, boot.fileName);
      },
    },
  };
}
