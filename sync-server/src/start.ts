/**
 * `npm start`, a newcomer's one command: builds the PWA when its build is missing or older than
 * its sources, then runs the gateway in this same process (main.ts), so a SIGTERM sent to npm
 * (forwarded to this process, which npm's shell `exec`s) stops the server itself.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BadSetting, configFromEnv } from './config';
import { assertPortFree, CannotListen } from './http/port-free';
import { BuildFailed, buildPwa, staleBuildReason } from './launch/pwa-build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function start(): Promise<void> {
  const config = configFromEnv();
  // A taken port is said before a minute of building, not after.
  await assertPortFree(config.port, config.host);
  const stale = staleBuildReason(ROOT);
  if (stale) {
    console.log(`Compilando la aplicación web (${stale})…`);
    await buildPwa(ROOT);
  }
  await import('./main');
}

start().catch((e: unknown) => {
  if (e instanceof BadSetting) {
    console.error(e.message);
    process.exit(2);
  }
  if (e instanceof BuildFailed && e.stopped) {
    console.log(e.message);
    process.exit(0);
  }
  console.error(e instanceof CannotListen || e instanceof BuildFailed ? e.message : e);
  process.exit(1);
});
