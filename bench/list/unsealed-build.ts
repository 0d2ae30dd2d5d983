/**
 * The PWA built without its encryption at rest, for the list bench only (bench/list.ts): the same
 * source and the same vite.config.ts as `npm run build`, with one module swapped while building,
 * so the product's code holds no switch for it. The person's databases are opened through
 * `sealDatabase` (pwa/src/lib/db/pouch.ts); here that function does nothing, so records, the
 * list's kept index and drafts are stored and read as given. Everything else is the real app.
 *
 * Why not a flag read in `openIndexedDb` (`import.meta.env.VITE_…`): Vite reads `VITE_*` from the
 * environment of every build, `npm start`'s included, so one stray variable would ship a
 * production build that stores owners' data in clear. A swap that only this function performs
 * cannot reach `dist/`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CIPHER = path.join(ROOT, 'pwa/src/lib/vault/doc-cipher.ts');
/** Under the cipher's own path, so the build's chunk groups put it where the real one goes. */
const STUB_ID = `${CIPHER}?sin-cifrar`;
const STUB = '// bench/list/unsealed-build.ts: stored as given.\nexport function sealDatabase() {}\n';
/**
 * A text only the cipher's module holds (doc-cipher.ts, `bytesOf`): in a build's code when the
 * cipher is in it. Checked in both builds, so neither figure is taken on the wrong one.
 */
export const CIPHER_MARK = 'El adjunto no se pudo leer para cifrarlo.';

/** Every import that resolves to doc-cipher.ts gets the stub; counts them, so a moved import cannot go unnoticed. */
function withoutCipher(): Plugin & { swapped(): number } {
  let swapped = 0;
  return {
    name: 'bench-sin-cifrar',
    enforce: 'pre',
    swapped: () => swapped,
    async resolveId(source, importer, options) {
      if (!importer || path.basename(source).replace(/\.ts$/, '') !== 'doc-cipher') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id !== CIPHER) return null;
      swapped++;
      return STUB_ID;
    },
    load: (id) => (id === STUB_ID ? STUB : null),
  };
}

/** Whether the JavaScript of the build in `dir` holds the cipher's module. */
export function holdsCipher(dir: string): boolean {
  const assets = path.join(dir, 'assets');
  return readdirSync(assets).some((f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes(CIPHER_MARK));
}

/** Builds the unsealed variant into a new temporary folder; `remove()` deletes it. */
export async function buildUnsealed(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'inmo-bench-sin-cifrar-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // Vite sets NODE_ENV for its build; the gateways and benches that run after it in this process must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    const plugin = withoutCipher();
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      root: path.join(ROOT, 'pwa'),
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
      plugins: [plugin],
    });
    if (plugin.swapped() === 0) throw new Error('La compilación sin cifrar no encontró a pwa/src/lib/vault/doc-cipher.ts: revise bench/list/unsealed-build.ts.');
    if (holdsCipher(dir)) throw new Error('La compilación sin cifrar todavía lleva el cifrado.');
    return { dir, remove };
  } catch (e) {
    remove();
    throw e;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
