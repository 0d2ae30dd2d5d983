/**
 * `npm run build`: the PWA built into a new folder and swapped into `dist/` at the end
 * (pwa-build.ts), so a gateway running in this folder never answers 404 for `/` or `/sw.js`
 * while it builds. Exit 0 when built, 1 when the build failed (the previous build stays).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildFailed, buildPwa } from './pwa-build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

buildPwa(ROOT).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof BuildFailed ? e.message : e);
    process.exit(e instanceof BuildFailed && e.stopped ? 130 : 1);
  },
);
