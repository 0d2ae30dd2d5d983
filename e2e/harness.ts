import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startGateway, type TestGateway } from '../sync-server/src/testing/gateway';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const DIST = path.resolve('dist');

/** A gateway on a fresh in-memory store serving the built PWA from dist/ (run `npm run build` first). */
export async function startE2EGateway(): Promise<TestGateway> {
  return startGateway({ staticDir: DIST });
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

/** Signs in through the real sign-in screen and waits for the shell. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/sign-in`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Contraseña').press('Enter');
  await page.getByTestId('topbar').waitFor();
}

/** The service worker claims the page on first install; offline tests start once it controls it. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
}
