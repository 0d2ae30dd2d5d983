/**
 * The adviser's captaciones list with 5,000 captaciones on the device (issue 20 item 6), on a
 * tablet whose CPU Chromium slows 4× (`Emulation.setCPUThrottlingRate`), each figure beside its
 * target; prints, asserts nothing.
 *
 * A gateway on a fresh in-memory store serves dist/ (run `npm run build` first). The adviser's
 * 5,000 captaciones go in as a device puts them there: a PouchDB client signed in as the adviser
 * pushes them through `/db/captaciones`, where the write policy decides each one (all must be
 * accepted). Then Chromium (1024×768, throttled from the start) signs in through the sign-in
 * screen and syncs them down like a tablet would. Measured, each the median of LIST_RUNS (3):
 *  - first row after opening the list from the menu, in a page freshly loaded on the profile
 *    (the time from the click until a row is drawn);
 *  - first row after reloading the list (from the navigation's start);
 *  - search results: from typing a search into the box until the one matching row is drawn.
 * The machine's 1-minute load average is printed at the start and the end: other work on the
 * two cores slows a throttled page further.
 *
 * Alone: `npx tsx bench/list.ts`; in `npm run bench -- list`. LIST_DOCS=6 for the small case;
 * LIST_DIST=<folder> serves another build (to compare with an older one); LIST_PROFILE=<file> saves the
 * first reload's CPU profile there and the first search's beside it (`<file>.busqueda`; build with
 * `--sourcemap` to read them); LIST_TRACE=<file> saves the first reload's trace.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startGateway } from '../sync-server/src/testing/gateway';
import { localDb, remoteDb } from '../sync-server/src/testing/pouch-client';
import { report, type Row } from './row';
import { captacion } from './sync';
import { load1, median, progressOf } from './stats';

const DOCS = Number(process.env.LIST_DOCS ?? 5_000);
const RUNS = Math.max(1, Number(process.env.LIST_RUNS ?? 3));
/** LIST_PROFILE=<file>: the first reload's CPU profile (DevTools' .cpuprofile), to see where its time goes. */
const PROFILE = process.env.LIST_PROFILE;
/** LIST_TRACE=<file>: the first reload's trace (DevTools' Performance panel): style, layout and script compilation, which a CPU profile shows only as '(program)'. */
const TRACE = process.env.LIST_TRACE;
export const THROTTLE = 4;
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const ROW = '[data-testid="captacion-row"]';
const SYNC_WAIT_MS = 10 * 60_000;

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

export async function benchList(): Promise<Row[]> {
  const loadStart = load1();
  const gw = await startGateway({ staticDir: path.resolve(process.env.LIST_DIST ?? 'dist') });
  const browserDir = mkdtempSync(path.join(tmpdir(), 'inmo-bench-list-'));
  let context: Awaited<ReturnType<typeof chromium.launchPersistentContext>> | undefined;
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
    progress(`${DOCS} captaciones en la pasarela`);

    context = await chromium.launchPersistentContext(browserDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
      headless: true,
      viewport: { width: 1024, height: 768 },
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
    });
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
    progress(`sincronizado en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Every captación is on the device: the last page holds the oldest one (number 0).
    await page.goto(`${gw.url}/dashboard/captaciones?page=${Math.ceil(DOCS / 10)}`);
    await page.locator(ROW, { hasText: 'María 0 Hernández' }).waitFor({ timeout: SYNC_WAIT_MS });

    const menu: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      await page.goto(`${gw.url}/dashboard/profile`);
      await syncedAndQuiet(page);
      menu.push(await fromMenu(page));
      progress(`desde el menú: ${menu.at(-1)!.toFixed(0)} ms`);
    }
    const reload: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const profiling = r === 0 && PROFILE;
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
        await cdp.send('Profiler.start');
      }
      const tracing = r === 0 && TRACE ? startTrace(cdp) : null;
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __firstRow: number | null }).__firstRow !== null, undefined, { timeout: 60_000 });
      reload.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));
      if (profiling) writeFileSync(PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      if (tracing && TRACE) writeFileSync(TRACE, JSON.stringify({ traceEvents: await (await tracing)() }));
      progress(`al recargar: ${reload.at(-1)!.toFixed(0)} ms`);
      await syncedAndQuiet(page);
    }
    const searches: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const i = (Math.floor(DOCS / 2) + r * 7) % DOCS;
      const nombre = ['María', 'José', 'Guadalupe', 'Juan', 'Rosa', 'Luis', 'Ana', 'Carlos', 'Patricia', 'Jorge'][i % 10];
      const profiling = r === 0 && PROFILE;
      if (profiling) await cdp.send('Profiler.start');
      searches.push(await search(page, `${nombre.toLowerCase()} ${i}`, `${nombre} ${i} Hernández`));
      if (profiling) writeFileSync(`${PROFILE}.busqueda`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      progress(`búsqueda: ${searches.at(-1)!.toFixed(0)} ms`);
      await page.goto(`${gw.url}/dashboard/captaciones`);
      await page.locator(ROW).first().waitFor();
    }

    const loadEnd = load1();
    const note = `${DOCS.toLocaleString('es-MX')} captaciones en el dispositivo, CPU de Chromium frenada ${THROTTLE}× (un ciclo fijo tardó ${plain.toFixed(0)} ms sin freno y ${slowed.toFixed(0)} ms con él); mediana de ${RUNS}; carga media de 1 min de la máquina: ${loadStart} al empezar, ${loadEnd} al terminar (${availableParallelism()} núcleos)`;
    return [
      { name: 'primera fila desde el menú', value: Math.round(median(menu)), unit: 'ms', target: '< 1 000', note },
      { name: 'primera fila al recargar', value: Math.round(median(reload)), unit: 'ms', target: '< 1 500' },
      { name: 'resultados de búsqueda', value: Math.round(median(searches)), unit: 'ms', target: '< 300' },
    ];
  } finally {
    await context?.close();
    rmSync(browserDir, { recursive: true, force: true });
    await gw.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(report((await benchList()).map((r) => ({ bench: 'list', ...r }))));
}
