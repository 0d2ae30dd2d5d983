/**
 * Lighthouse scores of the built PWA (issue 11 item 3): performance (mobile and desktop),
 * accessibility and best practices for the sign-in screen of an anonymous visitor and for the
 * captaciones list of a signed-in adviser, each beside its target. Prints; asserts nothing.
 *
 * A gateway on a fresh in-memory store with the demo data serves dist/ (run `npm run build`
 * first); Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium) runs headless with the
 * project's flags. The adviser's session cookie reaches the page through Lighthouse's
 * `extraHeaders`, so the list loads cold (Lighthouse resets the origin's storage before each run)
 * but signed in. Console errors Lighthouse saw are listed under the table.
 *
 * Alone: `npx tsx bench/lighthouse.ts`; also part of `npm run bench` (about two and a half
 * minutes on two cores; `npm run bench -- lighthouse` runs only it there).
 * LIGHTHOUSE_REPORTS=<folder> also writes each run's full report there (JSON, for Lighthouse's
 * viewer) to see what a score is made of; LIGHTHOUSE_ONLY=sign-in (or captaciones) runs only
 * the screens whose path holds it; LIGHTHOUSE_RUNS=3 keeps the median of three runs of each
 * (steadier when other work shares the cores: the load average is printed with the scores).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { seedDemo } from '../sync-server/src/seed/demo';
import { DEMO_ACCOUNTS } from '../sync-server/src/seed/demo-people';
import { startGateway } from '../sync-server/src/testing/gateway';
import { report, type Row } from './row';

const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'rendimiento',
  accessibility: 'accesibilidad',
  'best-practices': 'buenas prácticas',
};

interface Screen {
  name: string;
  path: string;
  /** Minimum performance score per form factor; accessibility and best practices aim at 100. */
  perf: { mobile: number; desktop: number };
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: 'inicio de sesión', path: '/auth/sign-in', perf: { mobile: 90, desktop: 98 }, signedIn: false },
  { name: 'lista de captaciones (asesor)', path: '/dashboard/captaciones', perf: { mobile: 80, desktop: 95 }, signedIn: true },
];
const FORM_FACTORS = ['mobile', 'desktop'] as const;
const FORM_FACTOR_NAMES = { mobile: 'móvil', desktop: 'escritorio' };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

/** Chromium with its DevTools port open; the port is read from what it prints on start. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'inmo-lighthouse-'));
  const child: ChildProcess = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
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
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The console errors of a run, as Lighthouse reports them ('errors-in-console'). */
function consoleErrors(lhr: Result): string[] {
  const details = lhr.audits['errors-in-console']?.details as { items?: Array<{ source?: string; description?: string; sourceLocation?: { url?: string } }> } | undefined;
  return (details?.items ?? []).map((i) => `${i.source ?? 'consola'}: ${i.description ?? ''}${i.sourceLocation?.url ? ` (${i.sourceLocation.url})` : ''}`);
}

/** The failed audits of a category, so a score under 100 says why. */
function failedAudits(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => a.id);
}

/**
 * Runs Lighthouse RUNS times and keeps the run of median performance: on a machine whose cores
 * are busy with other work, one run's blocking time can double (Lighthouse's advice: the median of several).
 */
async function medianRun(url: string, flags: Flags, formFactor: (typeof FORM_FACTORS)[number]): Promise<Result> {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse falló en ${url}: ${result.lhr.runtimeError.message}`);
    runs.push(result.lhr);
  }
  runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return runs[Math.floor(runs.length / 2)];
}

const ms = (lhr: Result, id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);

export async function benchLighthouse(): Promise<Row[]> {
  const dist = path.resolve('dist');
  const gw = await startGateway({ staticDir: dist });
  const chromium = await launchChromium();
  const rows: Row[] = [];
  const loadBefore = loadavg()[0];
  try {
    await seedDemo(gw.store);
    const asesor = DEMO_ACCOUNTS.find((a) => a.id === 'demo-asesor')!;
    const cookie = (await gw.client().signIn(asesor.email, asesor.password)).cookie;

    const only = process.env.LIGHTHOUSE_ONLY;
    for (const screen of SCREENS.filter((s) => !only || s.path.includes(only))) {
      for (const formFactor of FORM_FACTORS) {
        const flags: Flags = {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          locale: 'es',
          ...(screen.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const lhr = await medianRun(`${gw.url}${screen.path}`, flags, formFactor);
        const reports = process.env.LIGHTHOUSE_REPORTS;
        if (reports) {
          mkdirSync(reports, { recursive: true });
          writeFileSync(path.join(reports, `${screen.path.split('/').pop()}-${formFactor}.json`), JSON.stringify(lhr));
        }
        const where = `${screen.name}, ${FORM_FACTOR_NAMES[formFactor]}`;
        for (const category of CATEGORIES) {
          const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
          const target = category === 'performance' ? screen.perf[formFactor] : 100;
          const failed = failedAudits(lhr, category);
          const metrics = category === 'performance'
            ? `FCP ${ms(lhr, 'first-contentful-paint')} ms, LCP ${ms(lhr, 'largest-contentful-paint')} ms, TBT ${ms(lhr, 'total-blocking-time')} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`
            : '';
          const notes = [metrics, failed.length ? `por mejorar: ${failed.join(', ')}` : ''].filter(Boolean).join('; ');
          rows.push({ name: `Lighthouse: ${where}, ${CATEGORY_NAMES[category]}`, value: score, unit: 'puntos', target: `≥ ${target}`, note: notes || undefined });
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
    await chromium.close();
    await gw.close();
  }
  rows.push({
    name: 'Lighthouse: carga media de la máquina al medir (1 min)',
    value: Math.round(((loadBefore + loadavg()[0]) / 2) * 10) / 10,
    unit: 'procesos',
    note: `${availableParallelism()} núcleos; con más carga que núcleos el tiempo de bloqueo medido crece y el rendimiento baja (LIGHTHOUSE_RUNS=3 da la mediana)`,
  });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const rows = await benchLighthouse();
  console.error(`lighthouse: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(report(rows.map((r) => ({ bench: 'lighthouse', ...r }))));
}
