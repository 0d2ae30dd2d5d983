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
 * but signed in. Failed audits, with the elements they name, and console errors are listed under
 * the table.
 *
 * Alone: `npx tsx bench/lighthouse.ts`; also part of `npm run bench` (about nine and a half
 * minutes on two cores; `npm run bench -- lighthouse` runs only it there).
 * LIGHTHOUSE_REPORTS=<folder> also writes each run's full report there (JSON, for Lighthouse's
 * viewer) to see what a score is made of; LIGHTHOUSE_ONLY=sign-in (or captaciones, or
 * several separated by commas) runs only the screens whose path holds one of them;
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
import { lighthouseScreens, type Account, type Category, type FormFactor } from './lighthouse-screens';
import { report, type Row } from './row';

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
async function freshRun(url: string, flags: Flags, formFactor: FormFactor, installedWith?: string, attempt = 1): Promise<Result> {
  const chromium = await launchChromium();
  let lhr: Result;
  try {
    if (installedWith !== undefined) await visitOnce(chromium.port, url, installedWith);
    const runFlags: Flags = { ...flags, port: chromium.port, ...(installedWith !== undefined ? { disableStorageReset: true } : {}) };
    const result = await lighthouse(url, runFlags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    lhr = result.lhr;
  } finally {
    await chromium.close();
  }
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 2) return freshRun(url, flags, formFactor, installedWith, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse falló en ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * The visit before an installed app's run: signed in with `cookie`, the page loads until its
 * service worker controls it and the list has rows (the pull has landed), then it closes.
 */
async function visitOnce(port: number, url: string, cookie: string): Promise<void> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [name, ...value] = cookie.split(';')[0].split('=');
    const context = browser.contexts()[0];
    await context.addCookies([{ name, value: value.join('='), url }]);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForSelector('main tbody tr', { timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Runs Lighthouse `times` times and keeps the run of median performance: on a machine whose cores
 * are busy with other work, one run's blocking time can double (Lighthouse's advice: the median of several).
 */
async function medianRun(url: string, flags: Flags, formFactor: FormFactor, times: number, installedWith?: string): Promise<Result> {
  const runs: Result[] = [];
  for (let i = 0; i < times; i++) runs.push(await freshRun(url, flags, formFactor, installedWith));
  runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return runs[Math.floor(runs.length / 2)];
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
  const dist = path.resolve('dist');
  // Public sign-up open: its screen is one of those measured (closed, it sends visitors to sign-in).
  const gw = await startGateway({ staticDir: dist, publicSignup: true });
  const rows: Row[] = [];
  const loadBefore = loadavg()[0];
  try {
    await seedDemo(gw.store);
    const only = process.env.LIGHTHOUSE_ONLY?.split(',').filter(Boolean);
    const screens = (await lighthouseScreens(gw.store)).filter((s) => !only?.length || only.some((o) => s.path.includes(o)));
    const cookies = await sessionCookies(gw, screens.map((s) => s.account));

    for (const screen of screens) {
      for (const formFactor of screen.formFactors) {
        const cookie = screen.account ? cookies.get(screen.account) : undefined;
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
        const lhr = await medianRun(`${gw.url}${screen.path}`, flags, formFactor, times, screen.installed ? cookie : undefined);
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
