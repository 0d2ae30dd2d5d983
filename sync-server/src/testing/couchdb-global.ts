/**
 * Global setup of `npm run test:couchdb`: checks, before any test, that COUCHDB_URL answers as a
 * CouchDB 3 with an administrator's credentials (the tests create and delete databases); after
 * the run, names any test database left behind (it deletes nothing it did not create).
 */
import { couch } from './store';

/** The test stores' prefixes (`t` and 8 hex digits, ./store.ts) and the contract suite's. */
const TEST_DB = /^t[0-9a-z]{8,}_/;

export async function setup(): Promise<() => Promise<void>> {
  const url = process.env.COUCHDB_URL;
  if (!url) throw new Error('Defina COUCHDB_URL (p. ej. http://admin:clave@127.0.0.1:5984) para correr las pruebas contra CouchDB.');
  const where = safe(url);
  let welcome: { couchdb?: string; version?: string };
  try {
    welcome = (await couch(url, '')) as typeof welcome;
  } catch (e) {
    throw new Error(`No se pudo hablar con CouchDB en ${where}: ${(e as Error).message}`, { cause: e });
  }
  if (welcome.couchdb !== 'Welcome' || !/^3\./.test(welcome.version ?? '')) {
    throw new Error(`${where} no es Apache CouchDB 3.x (respondió ${JSON.stringify(welcome)}).`);
  }
  let before: string[];
  try {
    before = (await couch(url, '_all_dbs')) as string[];
  } catch (e) {
    throw new Error(`Las pruebas crean y borran bases: COUCHDB_URL necesita usuario y contraseña de administrador. ${(e as Error).message}`, { cause: e });
  }
  console.log(`Pruebas contra Apache CouchDB ${welcome.version} en ${where}.`);

  return async () => {
    const known = new Set(before);
    const left = ((await couch(url, '_all_dbs')) as string[]).filter((n) => TEST_DB.test(n) && !known.has(n));
    if (left.length) console.warn(`Bases de prueba que quedaron en CouchDB (${left.length}): ${left.slice(0, 20).join(', ')}${left.length > 20 ? ', …' : ''}`);
    else console.log('CouchDB quedó como estaba: ninguna base de prueba sin borrar.');
  };
}

/** The URL without its password, for messages. */
function safe(url: string): string {
  return url.split(',').map((one) => {
    const u = new URL(one.trim());
    if (u.password) u.password = '***';
    return u.href;
  }).join(', ');
}
