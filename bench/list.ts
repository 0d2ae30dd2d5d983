/**
 * The adviser's captaciones list with 5,000 captaciones on the device (issue 20 item 6), on a
 * tablet whose CPU Chromium slows 4× (`Emulation.setCPUThrottlingRate`), each figure beside its
 * target, for the real build (every record sealed on the device, docs/architecture.md "Datos
 * cifrados en el dispositivo") and beside it the same app without encryption at rest, with their
 * ratio (issue 31: within 1.25× from the menu and on reload); prints, asserts nothing.
 *
 * Two builds, each served by a gateway of its own on a fresh in-memory store: dist/ (run `npm run
 * build` first; the bench stops when dist/ is older than its sources) and the unsealed variant,
 * built by this bench from the same sources into a temporary folder (bench/list/unsealed-build.ts).
 * The bench checks that the first holds the cipher and the second does not, and, once synced, that
 * the records in the first profile's IndexedDB are sealed and in the second's plain.
 *
 * What the unsealed figure is: the same app with `sealDatabase` doing nothing, so records, the
 * list's kept index (a `_local` document of 5,000 entries) and drafts are stored and read as
 * given. It still signs in (the password's PBKDF2) and a reload still opens the key with the
 * session's copy (a few milliseconds, `npm run bench -- vault`): the ratio charges the sealing of
 * every read and write, not the key. It is not the app before issue 31 either: since then
 * `localFind` reads every document and filters them in memory in both builds (the adapter's Mango
 * indexes would see only the sealed field, lib/db/index.ts), where the app before used those
 * indexes. The list does not use `localFind` (its kept index, then the page's ten documents by id),
 * so these figures do not depend on it; a captación's visits and the payslips list do. WebCrypto
 * runs off the page's main thread, where the slowdown does not reach; the JSON around it is slowed.
 *
 * The adviser's 5,000 captaciones go in as a device puts them there: a PouchDB client signed in as
 * the adviser pushes them through `/db/captaciones`, where the write policy decides each one (all
 * must be accepted). Then Chromium (1024×768, throttled from the start, a profile per build) signs
 * in through the sign-in screen and syncs them down like a tablet would. Measured, each the median
 * of LIST_RUNS (5), the two builds in turns (which goes first alternates each round):
 *  - first row after opening the list from the menu, in a page freshly loaded on the profile
 *    (the time from the click until a row is drawn);
 *  - first row after reloading the list (from the navigation's start);
 *  - search results: from typing a search into the box of a list at rest (synced, and 3 s after
 *    it was drawn) until the one matching row is drawn.
 * The machine's 1-minute load average is printed at the start and the end: other work on the
 * two cores slows a throttled page further, and taking turns shares it between both builds.
 *
 * Alone: `npx tsx bench/list.ts`; in `npm run bench -- list`. LIST_DOCS=6 for the small case;
 * LIST_DIST=<folder> serves another build as the sealed one (to compare with an older one; not
 * checked for age); LIST_PROFILE=<file> saves the sealed build's first reload's CPU profile there
 * and its first search's beside it (`<file>.busqueda`; build with `--sourcemap` to read them);
 * LIST_TRACE=<file> saves the sealed build's first reload's trace.
 */
import './quiet-logs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { DIST, staleBuildReason } from '../sync-server/src/launch/pwa-build';
import { startGateway, type TestGateway } from '../sync-server/src/testing/gateway';
import { localDb, remoteDb } from '../sync-server/src/testing/pouch-client';
import { report, type Row } from './row';
import { captacion } from './sync';
import { load1, median, progressOf } from './stats';
import { buildUnsealed, holdsCipher } from './list/unsealed-build';

const DOCS = Number(process.env.LIST_DOCS ?? 5_000);
const RUNS = Math.max(1, Number(process.env.LIST_RUNS ?? 5));
/** LIST_PROFILE=<file>: the first reload's CPU profile (DevTools' .cpuprofile), to see where its time goes. */
const PROFILE = process.env.LIST_PROFILE;
/** LIST_TRACE=<file>: the first reload's trace (DevTools' Performance panel): style, layout and script compilation, which a CPU profile shows only as '(program)'. */
const TRACE = process.env.LIST_TRACE;
export const THROTTLE = 4;
/** How much slower than the unsealed build the sealed one may draw the list's first row (issue 31). */
const MAX_RATIO = 1.25;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const ROW = '[data-testid="captacion-row"]';
const SYNC_WAIT_MS = 10 * 60_000;

/** A tablet's Chromium (1024×768, Mexico's locale and time zone) on its own profile folder. */
export function launchTablet(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    headless: true,
    viewport: { width: 1024, height: 768 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
}

const progress = progressOf('list');

/** Records, from the navigation's start, when the first list row is drawn (checked every frame). */
const FIRST_ROW_PROBE = `(() => {
  window.__firstRow = null;
  const tick = () => {
    if (document.querySelector('${ROW}')) window.__firstRow = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/**
 * In-page code is given as text: tsx names the functions it compiles (`__name`), which the page
 * does not define.
 */
const UNTIL_ROWS = `new Promise((resolve) => {
  const tick = () => (done() ? resolve(performance.now() - t0) : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
})`;

/** Milliseconds from clicking the sidebar's 'Proyectos' until a row is drawn. */
export async function fromMenu(page: Page): Promise<number> {
  return page.evaluate(`(() => {
    const link = document.querySelector('[data-testid="nav-proyectos"]');
    if (!link) throw new Error('No está el enlace Proyectos del menú');
    const done = () => !!document.querySelector('${ROW}');
    const t0 = performance.now();
    link.click();
    return ${UNTIL_ROWS};
  })()`);
}

/** Milliseconds from typing `text` until the rows drawn are exactly the one holding `expect`. */
async function search(page: Page, text: string, expect: string): Promise<number> {
  return page.evaluate(`(() => {
    const input = document.querySelector('input[type="search"][placeholder="Buscar por propietario o dirección"]');
    if (!input) throw new Error('No está la búsqueda de la lista');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const done = () => {
      const rows = document.querySelectorAll('${ROW}');
      return rows.length === 1 && rows[0].textContent.includes(${JSON.stringify(expect)});
    };
    const t0 = performance.now();
    setValue.call(input, ${JSON.stringify(text)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return ${UNTIL_ROWS};
  })()`);
}

/** Starts a DevTools trace; the function it resolves to stops it and gives its events. */
async function startTrace(cdp: CDPSession): Promise<() => Promise<unknown[]>> {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,v8.execute,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

async function syncedAndQuiet(page: Page): Promise<void> {
  await page.locator('[data-testid="sync-state"][data-status="up-to-date"]').waitFor({ timeout: SYNC_WAIT_MS });
  // What the device does once the pull ends (counts, kept indexes) is not the list's cost.
  await page.waitForTimeout(3_000);
}

/**
 * How long a fixed loop takes on the page, to show how much slower the throttled page runs. The
 * loop runs once first so that both figures time optimised code, and lasts a few hundred
 * milliseconds: Chromium throttles in slices, and a short loop can fit in one unslowed slice.
 */
export async function loopMs(page: Page): Promise<number> {
  const run = () =>
    page.evaluate<number>(`(() => {
      const t0 = performance.now();
      let x = 0;
      for (let i = 0; i < 20000000; i++) x = (x + i * 7) % 1000003;
      return performance.now() - t0 + (x < 0 ? 1 : 0);
    })()`);
  await run();
  return run();
}

/** One build under measurement: its gateway, its Chromium profile (throttled) and how much slower that page runs. */
interface Build {
  label: string;
  sealed: boolean;
  gw: TestGateway;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  browserDir: string;
  /** A fixed loop's time on the page, before and after the slowdown. */
  loop: { plain: number; slowed: number };
}

/** Whether the first captación stored in the profile's IndexedDB shows its owner's name (checked, not assumed). */
const OWNER_IN_CLEAR = `(async () => {
  const names = (await indexedDB.databases()).map((d) => d.name).filter((n) => /_captaciones$/.test(n || ''));
  if (names.length !== 1) throw new Error('Se esperaba una base de captaciones en el perfil, hay ' + names.length);
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open(names[0]);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  try {
    const stored = await new Promise((resolve, reject) => {
      const req = db.transaction('docs').objectStore('docs').get('cap-000000');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    if (!stored) throw new Error('La captación cap-000000 no está en IndexedDB');
    return JSON.stringify(stored).includes('Hernández');
  } finally {
    db.close();
  }
})()`;

/** A gateway serving `dist` with the adviser's captaciones, and a Chromium signed in as the adviser and synced. */
async function openBuild(label: string, dist: string, sealed: boolean): Promise<Build> {
  const gw = await startGateway({ staticDir: dist, wholeScopeOnDevices: true });
  const browserDir = mkdtempSync(path.join(tmpdir(), 'inmo-bench-list-'));
  let context: BrowserContext | undefined;
  try {
    const adviser = await gw.createUser({ role: 'user', prim_nom: 'Laura', apell_pa: 'Gómez', apell_ma: 'Ruiz' });
    const { cookie } = await gw.client().signIn(adviser.email, adviser.password);
    const stamper = { nombre: 'Laura Gómez Ruiz', email: adviser.email };
    const docs = Array.from({ length: DOCS }, (_, i) => captacion(`cap-${String(i).padStart(6, '0')}`, i, adviser.id, stamper));
    const device = localDb();
    for (let i = 0; i < docs.length; i += 1000) await device.bulkDocs(docs.slice(i, i + 1000) as never);
    const pushed = await device.replicate.to(remoteDb(gw.url, 'captaciones', cookie), { batch_size: 200, retry: false });
    await device.destroy();
    if (pushed.docs_written !== DOCS) throw new Error(`La pasarela aceptó ${pushed.docs_written} de ${DOCS} captaciones`);
    progress(`${label}: ${DOCS} captaciones en la pasarela`);

    context = await launchTablet(browserDir);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(60_000);
    await context.addInitScript(FIRST_ROW_PROBE);
    const cdp = await context.newCDPSession(page);
    await page.goto(`${gw.url}/auth/sign-in`);
    const plain = await loopMs(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const slowed = await loopMs(page);

    await page.getByLabel('Correo electrónico').fill(adviser.email);
    await page.getByLabel('Contraseña').fill(adviser.password);
    await page.getByLabel('Contraseña').press('Enter');
    await page.getByTestId('topbar').waitFor();
    const t0 = performance.now();
    await syncedAndQuiet(page);
    progress(`${label}: sincronizado en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Every captación is on the device: the last page holds the oldest one (number 0).
    await page.goto(`${gw.url}/dashboard/captaciones?page=${Math.ceil(DOCS / 10)}`);
    await page.locator(ROW, { hasText: 'María 0 Hernández' }).waitFor({ timeout: SYNC_WAIT_MS });
    if ((await page.evaluate<boolean>(OWNER_IN_CLEAR)) === sealed) {
      throw new Error(`${label}: las captaciones en IndexedDB ${sealed ? 'están en claro' : 'están cifradas'}; no es la compilación que se quería medir`);
    }
    return { label, sealed, gw, context, page, cdp, browserDir, loop: { plain, slowed } };
  } catch (e) {
    await context?.close();
    rmSync(browserDir, { recursive: true, force: true });
    await gw.close();
    throw e;
  }
}

async function closeBuild(b: Build): Promise<void> {
  await b.context.close();
  rmSync(b.browserDir, { recursive: true, force: true });
  await b.gw.close();
}

async function menuOnce(b: Build): Promise<number> {
  await b.page.goto(`${b.gw.url}/dashboard/profile`);
  await syncedAndQuiet(b.page);
  return fromMenu(b.page);
}

async function reloadOnce(b: Build, r: number): Promise<number> {
  const { page, cdp } = b;
  const profiling = r === 0 && b.sealed && PROFILE;
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  const tracing = r === 0 && b.sealed && TRACE ? startTrace(cdp) : null;
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { __firstRow: number | null }).__firstRow !== null, undefined, { timeout: 60_000 });
  const ms = await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
  if (profiling) writeFileSync(PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (tracing && TRACE) writeFileSync(TRACE, JSON.stringify({ traceEvents: await (await tracing)() }));
  await syncedAndQuiet(page);
  return ms;
}

async function searchOnce(b: Build, r: number): Promise<number> {
  // Typed into a list at rest: the start-up work of the page (the sync's first exchanges) is not the search's.
  await syncedAndQuiet(b.page);
  const i = (Math.floor(DOCS / 2) + r * 7) % DOCS;
  const nombre = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Carlos', 'Patricia', 'Jorge'][i % 10];
  const profiling = r === 0 && b.sealed && PROFILE;
  if (profiling) await b.cdp.send('Profiler.start');
  const ms = await search(b.page, `${nombre.toLowerCase()} ${i}`, `${nombre} ${i} Hernández`);
  if (profiling) writeFileSync(`${PROFILE}.busqueda`, JSON.stringify((await b.cdp.send('Profiler.stop')).profile));
  await b.page.goto(`${b.gw.url}/dashboard/captaciones`);
  await b.page.locator(ROW).first().waitFor();
  return ms;
}

/** RUNS rounds of `measure` on both builds, in turns; which goes first alternates, so neither always follows the other. */
async function inTurns(what: string, builds: [Build, Build], measure: (b: Build, r: number) => Promise<number>): Promise<[number[], number[]]> {
  const out: [number[], number[]] = [[], []];
  for (let r = 0; r < RUNS; r++) {
    for (const k of r % 2 ? [1, 0] : [0, 1]) {
      out[k].push(await measure(builds[k], r));
      progress(`${what}, ${builds[k].label}: ${out[k].at(-1)!.toFixed(0)} ms`);
    }
  }
  return out;
}

/** The sealed build's figure beside its target, the unsealed one's, and their ratio. */
function compared(what: string, [sealed, unsealed]: [number[], number[]], target: string, maxRatio?: number): Row[] {
  const a = median(sealed);
  const b = median(unsealed);
  return [
    { name: `${what}, con cifrado`, value: Math.round(a), unit: 'ms', target },
    { name: `${what}, sin cifrar`, value: Math.round(b), unit: 'ms' },
    { name: `${what}, razón con / sin cifrar`, value: Number((a / b).toFixed(2)), unit: 'x', ...(maxRatio ? { target: `≤ ${maxRatio}` } : {}) },
  ];
}

/** The served build must be the sources' own: a stale dist/ would compare two different apps. */
function sealedDist(): string {
  if (process.env.LIST_DIST) return path.resolve(process.env.LIST_DIST);
  const stale = staleBuildReason(path.resolve('.'));
  if (stale) throw new Error(`La compilación de dist/ no es la de este código (${stale}): ejecute "npm run build" antes de medir la lista.`);
  return path.resolve(DIST);
}

export async function benchList(): Promise<Row[]> {
  const loadStart = load1();
  const dist = sealedDist();
  if (!holdsCipher(dist)) throw new Error(`La compilación de ${dist} no cifra los datos del dispositivo.`);
  const t0 = performance.now();
  const unsealedDist = await buildUnsealed();
  progress(`compilación sin cifrar en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const builds: Build[] = [];
  try {
    builds.push(await openBuild('con cifrado', dist, true));
    builds.push(await openBuild('sin cifrar', unsealedDist.dir, false));
    const pair = builds as [Build, Build];
    const menu = await inTurns('desde el menú', pair, menuOnce);
    const reload = await inTurns('al recargar', pair, reloadOnce);
    const searches = await inTurns('búsqueda', pair, searchOnce);

    const loadEnd = load1();
    const loops = builds.map((b) => `${b.label}: ${b.loop.plain.toFixed(0)} ms sin freno y ${b.loop.slowed.toFixed(0)} ms con él`).join('; ');
    const note =
      `${DOCS.toLocaleString('es-MX')} captaciones en el dispositivo, CPU de Chromium frenada ${THROTTLE}× (un ciclo fijo tardó ${loops}); ` +
      `mediana de ${RUNS}, las dos compilaciones por turnos; «sin cifrar» es la misma aplicación con sealDatabase vacía (bench/list.ts dice qué mide); ` +
      `carga media de 1 min de la máquina: ${loadStart} al empezar, ${loadEnd} al terminar (${availableParallelism()} núcleos)`;
    const rows = [
      ...compared('primera fila desde el menú', menu, '< 1 000', MAX_RATIO),
      ...compared('primera fila al recargar', reload, '< 1 500', MAX_RATIO),
      ...compared('resultados de búsqueda', searches, '< 300'),
    ];
    rows[0].note = note;
    return rows;
  } finally {
    for (const b of builds) await closeBuild(b);
    unsealedDist.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(report((await benchList()).map((r) => ({ bench: 'list', ...r }))));
}
