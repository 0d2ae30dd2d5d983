/**
 * Lighthouse scores of the built PWA (issue 11 item 3), each beside its target; prints, asserts
 * nothing. Performance (mobile and desktop) of the sign-in screen of an anonymous visitor and of
 * the captaciones list of a signed-in adviser; accessibility and best practices (≥ 100) of those
 * and, on mobile, of every other main screen (the table is `bench/lighthouse-screens.ts`).
 *
 * A gateway on a fresh in-memory store with the demo data serves dist/ (run `npm run build`
 * first); Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium) runs headless with the
 * project's flags. The session cookie of the screen's demo account reaches the page through
 * Lighthouse's `extraHeaders`, so a screen loads cold (each run starts a fresh Chromium profile)
 * but signed in; an installed app's screen is signed in through the sign-in screen instead (see
 * `visitOnce`). Failed audits, with the elements they name, and console errors are listed under
 * the table.
 *
 * Alone: `npx tsx bench/lighthouse.ts`; also part of `npm run bench` (about nine and a half
 * minutes on two cores; `npm run bench -- lighthouse` runs only it there).
 * LIGHTHOUSE_LIVE_EDIT_MS=<ms> sets how often a captación changes on the server while the live
 * screen is measured (default 1000; 0 for none).
 * LIGHTHOUSE_REPORTS=<folder> also writes the median run's full report there (JSON, for Lighthouse's
 * viewer) to see what a score is made of; LIGHTHOUSE_TRACES=<folder> every run's trace and report; LIGHTHOUSE_ONLY=sign-in (or captaciones, or
 * several separated by commas) runs only the screens whose path or name holds one of them
 * (LIGHTHOUSE_ONLY='en vivo' the installed, synced, live-syncing list);
 * LIGHTHOUSE_FORM_FACTORS=mobile (or desktop) only that form factor; LIGHTHOUSE_DIST=<folder>
 * serves another build (to compare with an older one);
 * A performance figure is the median of three runs (LIGHTHOUSE_RUNS=1 for a quicker look; the
 * load average is printed with the scores, as other work on the cores lowers them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { seedDemo } from '../sync-server/src/seed/demo';
import { DEMO_ACCOUNTS } from '../sync-server/src/seed/demo-people';
import { startGateway, type TestGateway } from '../sync-server/src/testing/gateway';
import { signInThroughUi } from '../e2e/harness';
import { lighthouseScreens, type Account, type Category, type FormFactor } from './lighthouse-screens';
import { report, type Row } from './row';
import { CAPTACION } from '../couch-design/captacion/entity';

const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'rendimiento',
  accessibility: 'accesibilidad',
  'best-practices': 'buenas prácticas',
};
const FORM_FACTOR_NAMES: Record<FormFactor, string> = { mobile: 'móvil', desktop: 'escritorio' };
/**
 * How long a run waits for the page to finish loading (see `maxWaitForLoad` below): a screen's
 * data is there within two or three seconds, its performance metrics within four. A performance
 * run that hits the limit says so in its warnings ("La página ha tardado demasiado..."); the
 * scores are complete all the same.
 */
const A11Y_WAIT_MS = 12_000;
const PERFORMANCE_WAIT_MS = 20_000;
/** Runs per screen: performance varies from run to run (the median of three), the other categories do not. */
const PERFORMANCE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));


/** Chromium with its DevTools port open; the port is read from what it prints on start. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'inmo-lighthouse-'));
  const child: ChildProcess = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so closing it also ends the helper processes that write the profile.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium no abrió su puerto de depuración:\n${text}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium terminó al arrancar (código ${code}):\n${text}`));
    });
  });
  child.stderr!.resume();
  return {
    port,
    async close() {
      const gone = new Promise((r) => child.once('exit', r));
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          // The group has already ended.
        }
      };
      signal('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
      signal('SIGKILL');
      try {
        // A helper may still be flushing the cache a moment after the browser exits.
        rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
      } catch (e) {
        console.error(`No se pudo borrar el perfil temporal de Chromium ${profile}:`, e instanceof Error ? e.message : e);
      }
    },
  };
}

/** The console errors of a run, as Lighthouse reports them ('errors-in-console'). */
function consoleErrors(lhr: Result): string[] {
  const details = lhr.audits['errors-in-console']?.details as { items?: Array<{ source?: string; description?: string; sourceLocation?: { url?: string } }> } | undefined;
  return (details?.items ?? []).map((i) => `${i.source ?? 'consola'}: ${i.description ?? ''}${i.sourceLocation?.url ? ` (${i.sourceLocation.url})` : ''}`);
}

/** The failed audits of a category, each with the first elements it names, so a score under 100 says why. */
function failedAudits(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => {
      const items = (a.details as { items?: Array<{ node?: { selector?: string } }> } | undefined)?.items ?? [];
      const where = items.map((i) => i.node?.selector).filter(Boolean).slice(0, 3);
      return where.length ? `${a.id} (${where.join(' ; ')})` : a.id;
    });
}

/**
 * One Lighthouse run in a fresh Chromium profile: Lighthouse's own reset keeps cookies, IndexedDB
 * and local storage, so a run would start with the previous screen's session and synced data. A
 * trace Chromium failed to record (NO_NAVSTART, now and then on a busy machine) is run once more.
 */
/** Lighthouse's phone: its CPU is taken as four times slower than this machine's (simulated and devtools throttling alike). */
const PHONE_CPU_MULTIPLIER = 4;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Total blocking time from the run's own trace, on the main thread's CPU time instead of the wall
 * clock: each task between the first paint and the observed time to interactive, its CPU time
 * times the phone's multiplier (1 when the CPU was really slowed: the trace then holds it), blocks for
 * what passes 50 ms. Lighthouse times tasks by the wall clock, which other work on a shared
 * machine's cores stretches (at a load of 11 on two cores its TBT of the sign-in read 3.9 s
 * instead of 0.4 s); CPU time is what the page itself costs. Null when the trace lacks it.
 */
function cpuBlockingTime(lhr: Result, trace: { traceEvents: TraceEvent[] } | undefined, multiplier: number): number | null {
  const events = trace?.traceEvents ?? [];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  // Like Lighthouse's, up to the page's time to interactive as observed in this trace.
  const metrics = (lhr.audits.metrics?.details as { items?: Array<{ observedTimeOriginTs?: number; observedInteractive?: number }> } | undefined)?.items?.[0];
  const end = metrics?.observedTimeOriginTs !== undefined && metrics.observedInteractive !== undefined ? metrics.observedTimeOriginTs + metrics.observedInteractive * 1000 : Infinity;
  let total = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== fcp.pid || e.tid !== fcp.tid || e.ts < fcp.ts || e.ts > end || e.tdur === undefined) continue;
    total += Math.max(0, (e.tdur * multiplier) / 1000 - 50);
  }
  return Math.round(total);
}

interface Run {
  lhr: Result;
  /** cpuBlockingTime of the run (mobile only). */
  cpuTbt: number | null;
}

/** How a run prepares its page: installed (a visit before, storage kept), and what goes on while it is measured. */
interface RunSetup {
  /** Who signs in on the visit before an installed app's run. */
  installedAs?: { email: string; password: string };
  /** Started when Lighthouse starts, stopped when it is done (other devices' edits on the server). */
  meanwhile?: () => () => Promise<void>;
}

/**
 * LIGHTHOUSE_TRACES=<folder>: every run's trace and report, numbered (the median's alone, in
 * LIGHTHOUSE_REPORTS, hides what differs from run to run); the trace opens in DevTools' Performance
 * panel, its long tasks with the scripts that ran in them.
 */
let tracesKept = 0;
function keepTrace(url: string, formFactor: FormFactor, lhr: Result, trace: unknown): void {
  const folder = process.env.LIGHTHOUSE_TRACES;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const name = `${String(++tracesKept).padStart(2, '0')}-${new URL(url).pathname.replace(/^\//, '').replaceAll('/', '_')}-${formFactor}`;
  writeFileSync(path.join(folder, `${name}.trace.json`), JSON.stringify(trace));
  writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(lhr));
}

async function freshRun(url: string, flags: Flags, formFactor: FormFactor, setup: RunSetup, attempt = 1): Promise<Run> {
  const { installedAs } = setup;
  const chromium = await launchChromium();
  let lhr: Result;
  let cpuTbt: number | null = null;
  try {
    if (installedAs) await visitOnce(chromium.port, url, installedAs);
    const runFlags: Flags = { ...flags, port: chromium.port, ...(installedAs ? { disableStorageReset: true } : {}) };
    const stopMeanwhile = setup.meanwhile?.();
    const result = await lighthouse(url, runFlags, formFactor === 'desktop' ? desktopConfig : undefined).finally(() => stopMeanwhile?.());
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    lhr = result.lhr;
    // Throttled for real ('devtools'), the trace's CPU times already hold the phone's slowdown.
    const multiplier = flags.throttlingMethod === 'devtools' ? 1 : PHONE_CPU_MULTIPLIER;
    if (formFactor === 'mobile') cpuTbt = cpuBlockingTime(lhr, result.artifacts.Trace, multiplier);
    keepTrace(url, formFactor, lhr, result.artifacts.Trace);
  } finally {
    await chromium.close();
  }
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 2) return freshRun(url, flags, formFactor, setup, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse falló en ${url}: ${lhr.runtimeError.message}`);
  return { lhr, cpuTbt };
}

/**
 * The visit before an installed app's run: the person signs in through the sign-in screen, as on
 * a real device, since only the password makes the device's key that opens their local data (a
 * planted session cookie leaves it sealed, so nothing would sync; docs/architecture.md, "Datos
 * cifrados en el dispositivo"). Then the page loads until its service worker controls it, the list
 * has rows and the sync chip says 'Al día' (everything pulled, nothing pending: the state a field
 * agent opens the app in), is loaded once more (so its code cache is in place) and closes. The browser keeps that session's cookie and the key's
 * copy for it, so Lighthouse's load reopens the data as a reload with a live session does.
 */
async function visitOnce(port: number, url: string, who: { email: string; password: string }): Promise<void> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await signInThroughUi(page, new URL(url).origin, who.email, who.password);
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForSelector('main tbody tr', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="sync-state"][data-status="up-to-date"]', { timeout: 60_000 });
    // Once more, as an app opened on other days: Chromium makes a script's code cache on its first
    // load served by the service worker (after running it, on the main thread: 40 ms of the list's
    // chunks on this machine, in the measured load otherwise), and reads it on every load after.
    await page.reload();
    await page.waitForSelector('main tbody tr', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="sync-state"][data-status="up-to-date"]', { timeout: 60_000 });
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Runs Lighthouse `times` times and keeps the run of median performance: on a machine whose cores
 * are busy with other work, one run's blocking time can double (Lighthouse's advice: the median of several).
 */
async function medianRun(url: string, flags: Flags, formFactor: FormFactor, times: number, setup: RunSetup): Promise<Run> {
  const runs: Run[] = [];
  for (let i = 0; i < times; i++) runs.push(await freshRun(url, flags, formFactor, setup));
  const cpu = runs.map((r) => r.cpuTbt).filter((t): t is number => t !== null).sort((a, b) => a - b);
  runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  // Each figure its own median: the blocking time on CPU time need not come from the run of median score.
  return { lhr: runs[Math.floor(runs.length / 2)].lhr, cpuTbt: cpu.length ? cpu[Math.floor(cpu.length / 2)] : null };
}

/**
 * While a live screen is measured (`liveEdits`), one captación changes on the server this often,
 * as other devices' edits do (LIGHTHOUSE_LIVE_EDIT_MS; 0: none, the live sync then only polls).
 */
const LIVE_EDIT_MS = Math.max(0, Number(process.env.LIGHTHOUSE_LIVE_EDIT_MS ?? 1_000));

/**
 * Other devices at work: every `everyMs`, the next captación's last update moves to now on the
 * server (its row's 'Última actualización' changes), until the returned function stops it.
 */
function editOnServer(gw: TestGateway, everyMs: number): () => Promise<void> {
  let stopped = false;
  let wake: () => void = () => undefined;
  const loop = (async () => {
    const db = await gw.store.db(CAPTACION.database);
    const { docs } = await db.find({ selector: { type: 'captacion' }, fields: ['_id'], limit: 10_000 });
    for (let i = 0; !stopped && docs.length; i++) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, everyMs);
      });
      if (stopped) break;
      const doc = await db.get(docs[i % docs.length]._id);
      const last = (doc.ultima_actualizacion ?? {}) as Record<string, unknown>;
      await db.put({ ...doc, ultima_actualizacion: { ...last, usuario: { nombre: 'Oficina' }, fecha: new Date().toISOString() } });
    }
  })();
  return async () => {
    stopped = true;
    wake();
    await loop;
  };
}

/** Total blocking time on a phone (issue 20 item 7): long tasks split or deferred. */
const TBT_TARGET_MS = 200;

/** Where the main thread's time went (Lighthouse's 'mainthread-work-breakdown') and its longest tasks, to say what blocks. */
function longTasks(lhr: Result): string {
  const work = (lhr.audits['mainthread-work-breakdown']?.details as { items?: Array<{ groupLabel?: string; group?: string; duration: number }> } | undefined)?.items ?? [];
  const tasks = (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration: number; startTime: number }> } | undefined)?.items ?? [];
  const breakdown = work.slice(0, 3).map((w) => `${w.groupLabel ?? w.group} ${Math.round(w.duration)} ms`).join(', ');
  const longest = tasks
    .slice(0, 4)
    .map((t) => `${Math.round(t.duration)} ms a los ${Math.round(t.startTime)} ms (${(t.url ?? '').split('/').pop() || 'página'})`)
    .join(', ');
  return `hilo principal: ${breakdown || '—'}; tareas largas: ${longest || 'ninguna'}`;
}

const ms = (lhr: Result, id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);

/** One session cookie per demo account a screen needs, signed in once. */
async function sessionCookies(gw: TestGateway, accounts: Account[]): Promise<Map<Account, string>> {
  const cookies = new Map<Account, string>();
  for (const id of new Set(accounts)) {
    if (!id) continue;
    const account = DEMO_ACCOUNTS.find((a) => a.id === id)!;
    cookies.set(id, (await gw.client().signIn(account.email, account.password)).cookie);
  }
  return cookies;
}

export async function benchLighthouse(): Promise<Row[]> {
  const dist = path.resolve(process.env.LIGHTHOUSE_DIST ?? 'dist');
  // Public sign-up open: its screen is one of those measured (closed, it sends visitors to sign-in).
  const gw = await startGateway({ staticDir: dist, publicSignup: true, wholeScopeOnDevices: true });
  const rows: Row[] = [];
  const loadBefore = loadavg()[0];
  try {
    await seedDemo(gw.store);
    const only = process.env.LIGHTHOUSE_ONLY?.split(',').filter(Boolean);
    const formFactors = process.env.LIGHTHOUSE_FORM_FACTORS?.split(',').filter(Boolean);
    const screens = (await lighthouseScreens(gw.store)).filter((s) => !only?.length || only.some((o) => s.path.includes(o) || s.name.includes(o)));
    const cookies = await sessionCookies(gw, screens.filter((s) => !s.installed).map((s) => s.account));

    for (const screen of screens) {
      for (const formFactor of screen.formFactors.filter((f) => !formFactors?.length || formFactors.includes(f))) {
        // An installed app's run uses the browser's own session, the one its visit before signed in with.
        const cookie = screen.account && !screen.installed ? cookies.get(screen.account) : undefined;
        const measuresPerformance = screen.categories.includes('performance');
        const flags: Flags = {
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...screen.categories],
          locale: 'es',
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          // Live sync keeps a long poll open per database, so the network never goes quiet and
          // Lighthouse would wait its whole 45 s.
          maxWaitForLoad: measuresPerformance ? PERFORMANCE_WAIT_MS : A11Y_WAIT_MS,
          // Lighthouse's default ('simulate') loads the page at full speed and estimates the phone from that trace.
          ...(screen.throttling ? { throttlingMethod: screen.throttling } : {}),
        };
        const times = measuresPerformance ? PERFORMANCE_RUNS : 1;
        const setup: RunSetup = {
          installedAs: screen.installed ? DEMO_ACCOUNTS.find((a) => a.id === screen.account) : undefined,
          meanwhile: screen.liveEdits && LIVE_EDIT_MS > 0 ? () => editOnServer(gw, LIVE_EDIT_MS) : undefined,
        };
        const { lhr, cpuTbt } = await medianRun(`${gw.url}${screen.path}`, flags, formFactor, times, setup);
        // A screen that sent the page elsewhere (wrong account, closed sign-up) would score another screen.
        const landed = new URL(lhr.finalDisplayedUrl);
        if (`${landed.pathname}${landed.search}` !== screen.path) {
          throw new Error(`Lighthouse pidió ${screen.path} y la página terminó en ${landed.pathname}: revise la cuenta de la pantalla en bench/lighthouse-screens.ts`);
        }
        const reports = process.env.LIGHTHOUSE_REPORTS;
        if (reports) {
          mkdirSync(reports, { recursive: true });
          const file = screen.path.split('?')[0].replace(/^\//, '').replaceAll('/', '_');
          const suffix = screen.installed ? '-instalada' : screen.throttling ? `-${screen.throttling}` : '';
          writeFileSync(path.join(reports, `${file}${suffix}-${formFactor}.json`), JSON.stringify(lhr));
        }
        const where = `${screen.name}, ${FORM_FACTOR_NAMES[formFactor]}`;
        for (const category of screen.categories) {
          const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
          const target = category === 'performance' ? (screen.perf?.[formFactor] ?? 0) : 100;
          const failed = failedAudits(lhr, category);
          const metrics = category === 'performance'
            ? `FCP ${ms(lhr, 'first-contentful-paint')} ms, LCP ${ms(lhr, 'largest-contentful-paint')} ms, TBT ${ms(lhr, 'total-blocking-time')} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`
            : '';
          const notes = [metrics, failed.length ? `por mejorar: ${failed.join(', ')}` : ''].filter(Boolean).join('; ');
          rows.push({ name: `Lighthouse: ${where}, ${CATEGORY_NAMES[category]}`, value: score, unit: 'puntos', target: `≥ ${target}`, note: notes || undefined });
        }
        if (formFactor === 'mobile' && measuresPerformance) {
          rows.push({
            name: `Lighthouse: ${where}, tiempo de bloqueo (TBT)`,
            value: ms(lhr, 'total-blocking-time'),
            unit: 'ms',
            target: `< ${TBT_TARGET_MS}`,
            note: `carga media de 1 min al terminar: ${loadavg()[0].toFixed(2)}; ${longTasks(lhr)}`,
          });
          if (cpuTbt !== null) {
            rows.push({
              name: `Lighthouse: ${where}, tiempo de bloqueo en tiempo de CPU`,
              value: cpuTbt,
              unit: 'ms',
              target: `< ${TBT_TARGET_MS}`,
              note: `la misma traza, cada tarea entre la primera pintura y la interactividad observada con su tiempo de CPU del hilo principal (por ${PHONE_CPU_MULTIPLIER}, el teléfono de Lighthouse, salvo con la CPU frenada de verdad): lo que cuesta la página sin la carga de la máquina, que estira la cifra de Lighthouse`,
            });
          }
        }
        if (screen.lcpTarget) {
          rows.push({ name: `Lighthouse: ${where}, mayor pintura (LCP)`, value: ms(lhr, 'largest-contentful-paint'), unit: 'ms', target: `< ${screen.lcpTarget}` });
        }
        const errors = consoleErrors(lhr);
        rows.push({
          name: `Lighthouse: ${where}, errores en la consola`,
          value: errors.length,
          unit: 'errores',
          target: '0',
          note: errors.length ? errors.join(' | ') : undefined,
        });
      }
    }
  } finally {
    await gw.close();
  }
  rows.push({
    name: 'Lighthouse: carga media de la máquina al medir (1 min)',
    value: Math.round(((loadBefore + loadavg()[0]) / 2) * 10) / 10,
    unit: 'procesos',
    note: `${availableParallelism()} núcleos; con más carga que núcleos el tiempo de bloqueo medido crece y el rendimiento baja (el rendimiento es la mediana de ${PERFORMANCE_RUNS} corridas)`,
  });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const rows = await benchLighthouse();
  console.error(`lighthouse: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(report(rows.map((r) => ({ bench: 'lighthouse', ...r }))));
}
