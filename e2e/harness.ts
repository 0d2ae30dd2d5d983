import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { chromium, type BrowserContext, type Download, type Page } from 'playwright-core';
import { newVaultRecord } from '../pwa/src/lib/vault/vault';
import { after, before } from 'node:test';
import { gatewayAround, startGateway, type CreatedUser, type HttpClient, type TestGateway } from '../sync-server/src/testing/gateway';
import { log, LOG_LEVELS, type LogLevel } from '../sync-server/src/log';

// The suite's gateways run in this process: one access-log line per request would bury the test
// report, so only warnings and errors come out unless LOG_LEVEL asks for more.
const askedLevel = process.env.LOG_LEVEL as LogLevel | undefined;
log.level = askedLevel && LOG_LEVELS.includes(askedLevel) ? askedLevel : 'warn';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const DIST = path.resolve('dist');

/**
 * A gateway on a fresh in-memory store serving the built PWA from dist/ (run `npm run build` first).
 * Devices replicate their device sets here, as deployed (docs/architecture.md, «El conjunto del
 * dispositivo»); a test that needs whole scopes on devices says so and why (`wholeScopeOnDevices: true`).
 */
export async function startE2EGateway(overrides: Parameters<typeof startGateway>[0] = {}): Promise<TestGateway> {
  return startGateway({ staticDir: DIST, ...overrides });
}

/**
 * The test file's gateway (startE2EGateway with `overrides`), with `setup`'s users and records:
 * started and set up before the file's first test and closed after its last, as the API tests'
 * gatewayForFile. One hook does both: node 20 runs a file's top-level `before` hooks at once, not
 * one after another, so a `before` of the file's own could run before the gateway is up.
 */
export function gatewayForFile(overrides: Parameters<typeof startGateway>[0] = {}, setup?: () => Promise<void>): TestGateway {
  return gatewayAround({ before: (fn) => before(fn), after: (fn) => after(fn) }, () => startE2EGateway(overrides), setup);
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium with a fresh profile folder; tablet-sized by default. */
export async function openBrowser(opts: { width?: number; height?: number } = {}): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'inmo-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    headless: true,
    viewport: { width: opts.width ?? 1024, height: opts.height ?? 768 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh browser (openBrowser) signed in as `who` through the real sign-in screen. */
export async function signedInBrowser(baseUrl: string, who: { email: string; password: string }, size: { width: number; height: number }): Promise<BrowserSession> {
  const b = await openBrowser(size);
  await signInThroughUi(b.page, baseUrl, who.email, who.password);
  return b;
}

/** Goes to `path` and waits for `ready` on the page. */
export async function visitAt(page: Page, baseUrl: string, path: string, ready: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByText(ready).first().waitFor();
}

/** Signs in through the real sign-in screen and waits for the shell. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/sign-in`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Contraseña').press('Enter');
  await page.getByTestId('topbar').waitFor();
}

/**
 * A browser given the cookie of `client` (signed in through the API) is a device where that person
 * signed in before: the key the app made then (lib/vault), with its copy for this session, is in
 * its localStorage from the first script on.
 */
export async function deviceSignedInBefore(context: BrowserContext, who: CreatedUser, client: HttpClient): Promise<void> {
  const clave = (await client.json('GET', '/api/check-auth')).body.clave_sesion as string;
  const { record } = await newVaultRecord(who.password, clave);
  await context.addInitScript(([key, value]) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  }, [`inmo.llave.${who.id}`, JSON.stringify(record)] as const);
}

/**
 * Offline, a reload finds the person's data sealed and their key gone from memory: 'Desbloquear'
 * asks for the password, checked on the device (docs/architecture.md, "Datos cifrados en el dispositivo").
 */
export async function unlockWith(page: Page, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Desbloquear' }).waitFor();
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Contraseña').press('Enter');
  await page.getByTestId('topbar').waitFor();
}

/** The service worker claims the page on first install; offline tests start once it controls it. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
}

/** `fn` in a fresh browser that is closed afterwards, whatever `fn` did. */
export async function withBrowser(fn: (b: BrowserSession) => Promise<void>, size?: { width: number; height: number }): Promise<void> {
  const b = await openBrowser(size);
  const trail = recordTrail(b.page);
  try {
    await fn(b);
  } catch (err) {
    await describePage(b.page, trail);
    throw err;
  } finally {
    await b.close();
  }
}

const TRAIL_LENGTH = 40;

/** The page's last navigations, errors and console warnings, newest last, kept for a failure's report. */
function recordTrail(page: Page): string[] {
  const trail: string[] = [];
  const started = Date.now();
  const note = (line: string) => {
    trail.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  };
  // Playwright reports the router's history changes here too, not only document loads.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`dirección ${frame.url()}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') note(`consola ${msg.type()}: ${msg.text().slice(0, 300)}`);
  });
  page.on('pageerror', (err) => note(`error: ${err.message.slice(0, 300)}`));
  return trail;
}

/** What the page showed when a test failed, so a failure on CI can be read without a screenshot. */
async function describePage(page: Page, trail: string[]): Promise<void> {
  try {
    const text = await page.locator('body').innerText({ timeout: 2_000 });
    console.error(`# la página al fallar: ${page.url()}\n# ${text.slice(0, 1_500).replace(/\n+/g, ' | ')}`);
    console.error(`# lo último que pasó en la página:\n${trail.map((l) => `#   ${l}`).join('\n')}`);
  } catch {
    // the page itself is gone: the error already says why
  }
}

/** Where a finished download was saved. */
export async function savedPath(download: Download): Promise<string> {
  const p = await download.path();
  assert.ok(p, 'la descarga debe terminar');
  return p;
}

/** The text of a downloaded PDF's content streams (inflated when compressed). */
export function pdfText(file: string): string {
  const latin1 = readFileSync(file).toString('latin1');
  let text = latin1;
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(latin1); m; m = streams.exec(latin1)) {
    try {
      text += inflateSync(new Uint8Array(Buffer.from(m[1], 'latin1'))).toString('latin1');
    } catch {
      // not compressed: already part of `text`
    }
  }
  return text;
}

/** Polls until `probe` answers something (sync and redirects are asynchronous by nature). */
export async function eventually<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`No ocurrió a tiempo: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
