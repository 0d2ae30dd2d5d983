/**
 * Puts the start-up script (pwa/src/boot.ts, an entry of its own: vite.config.ts) in the page as a
 * module script of its own, ahead of the entry. Module scripts run in document order once the
 * page's stylesheet has arrived, and the start-up chunk imports nothing, so it asks for the
 * session and the screen's code while the entry (React, ~105 kB) is still downloading; inside
 * the entry it could only start once all of that had arrived and been evaluated.
 */
import type { Plugin } from 'vite';

export const BOOT_ENTRY = 'boot';

interface EmittedChunk {
  type: string;
  name?: string;
  isEntry?: boolean;
  fileName: string;
  imports?: string[];
}

/** The page with the start-up chunk's script before the entry's (its preload link, now redundant, removed). */
export function withBootScript(html: string, bootFile: string): string {
  const src = `/${bootFile}`;
  const preload = `<link rel="modulepreload" crossorigin href="${src}">`;
  const page = html
    .split('\n')
    .filter((line) => line.trim() !== preload)
    .join('\n');
  const entry = page.indexOf('<script type="module"');
  if (entry < 0) throw new Error('index.html sin script de entrada: no hay dónde poner el de arranque');
  return `${page.slice(0, entry)}<script type="module" crossorigin src="${src}"></script>\n    ${page.slice(entry)}`;
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
