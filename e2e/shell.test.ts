import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SHEET_PARTS } from '../pwa/build/critical-css';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { deviceSignedInBefore, openBrowser, signInThroughUi, gatewayForFile, unlockWith, waitForServiceWorker, withBrowser } from './harness';

const users: Record<string, CreatedUser> = {};

const gw: TestGateway = gatewayForFile({}, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia' });
  users.asesor = await gw.createUser({ role: 'asesor', empleado_id: 'emp-asesor' });
  users.supervisor = await gw.createUser({ role: 'supervisor de obra' });
  users.ayudante = await gw.createUser({ role: 'ayudante de administrador' });
});

describe('sign-in screen', () => {
  it('shows each error text and signs in with Enter in the password field', async () => {
    await withBrowser(async (b) => {
      const { page } = b;
      await page.goto(`${gw.url}/dashboard/home`);
      await page.waitForURL('**/auth/sign-in');

      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByText('Por favor, completa todos los campos.').waitFor();

      await page.getByLabel('Correo electrónico').fill(users.admin.email);
      await page.getByLabel('Contraseña').fill('no-es-la-clave');
      await page.getByLabel('Contraseña').press('Enter');
      await page.getByText('El correo o la contraseña son incorrectos.').waitFor();

      await page.getByLabel('Contraseña').fill(users.admin.password);
      await page.getByLabel('Contraseña').press('Enter');
      await page.waitForURL('**/dashboard/home');
      await page.getByText('Dinero de hoy').waitFor();
      await page.getByText('Resumen de pedidos').waitFor();

      // An authenticated visitor of the sign-in screen goes to the dashboard home.
      await page.goto(`${gw.url}/auth/sign-in`);
      await page.waitForURL('**/dashboard/home');
      // Unknown paths go home too.
      await page.goto(`${gw.url}/no/existe`);
      await page.waitForURL('**/dashboard/home');
    });
  });
});

describe('start-up', () => {
  type Box = { x: number; y: number; width: number; height: number } | null;

  /**
   * A signed-in visit of `pathname` whose entry (React) arrives 1.5 s late, as over a slow
   * network: what was drawn and asked for before it came, and where the title and breadcrumb sat.
   */
  async function visitWithLateEntry(who: CreatedUser, pathname: string, title: string, width: number) {
    const b = await openBrowser({ width, height: width < 600 ? 844 : 768 });
    try {
      const { page, context } = b;
      const client = await gw.client().signIn(who.email, who.password);
      const [name, ...value] = client.cookie.split(';')[0].split('=');
      await context.addCookies([{ name, value: value.join('='), url: gw.url }]);
      await deviceSignedInBefore(context, who, client);
      const sent: Array<{ at: number; url: string }> = [];
      page.on('request', (request) => sent.push({ at: Date.now(), url: request.url() }));
      let entryArrivedAt = Infinity;
      await page.route('**/assets/index-*.js', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        entryArrivedAt = Date.now();
        await route.fulfill({ response });
      });
      await page.goto(`${gw.url}${pathname}`, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1, name: title });
      await heading.waitFor();
      const frameAt = Date.now();
      const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
      const frame = { title: await heading.boundingBox(), crumbs: await crumbs.boundingBox() };
      // React's screen: the top bar's buttons exist only there.
      await page.getByRole('button', { name: 'Configuración' }).waitFor();
      const screen = { title: await heading.boundingBox(), crumbs: await crumbs.boundingBox() };
      const firstSent = (pattern: RegExp) => sent.find((r) => pattern.test(new URL(r.url).pathname))?.at ?? Infinity;
      return { frameAt, entryArrivedAt, frame, screen, firstSent };
    } finally {
      await b.close();
    }
  }

  const near = (a: Box, b: Box) =>
    !!a && !!b && (['x', 'y', 'width', 'height'] as const).every((k) => Math.abs(a[k] - b[k]) <= 1);

  it("draws the screen's frame from the page's own session answer before React arrives, where the screen then draws it", async () => {
    const cases = [
      { who: users.asesor, pathname: '/dashboard/captaciones', title: 'Mis Proyectos de Captación', width: 390 },
      { who: users.asesor, pathname: '/dashboard/captaciones', title: 'Mis Proyectos de Captación', width: 1024 },
      { who: users.admin, pathname: '/dashboard/empleados', title: 'Lista de Empleados', width: 1440 },
      { who: users.admin, pathname: '/dashboard/captaciones/nueva', title: 'Nueva Captación Inmobiliaria', width: 390 },
    ];
    for (const c of cases) {
      const at = `${c.pathname} a ${c.width} px`;
      const visit = await visitWithLateEntry(c.who, c.pathname, c.title, c.width);
      assert.ok(visit.frameAt < visit.entryArrivedAt, `el título se ve antes de que llegue la entrada (${at})`);
      assert.equal(visit.firstSent(/^\/api\/check-auth$/), Infinity, `la página ya trae la sesión: no se pregunta (${at})`);
      assert.ok(visit.firstSent(/^\/assets\/captaciones-[\w-]+\.js$|^\/assets\/empleados-[\w-]+\.js$/) < visit.entryArrivedAt, `el código de la pantalla se pide antes (${at})`);
      assert.ok(near(visit.frame.title, visit.screen.title), `el título no se mueve (${at}): ${JSON.stringify(visit.frame.title)} → ${JSON.stringify(visit.screen.title)}`);
      assert.ok(near(visit.frame.crumbs, visit.screen.crumbs), `la ruta de navegación no se mueve (${at}): ${JSON.stringify(visit.frame.crumbs)} → ${JSON.stringify(visit.screen.crumbs)}`);
    }
  });

  it('gives no frame to a screen the role may not open, and asks an anonymous visit who is signed in', async () => {
    await withBrowser(async (b) => {
      const { page, context } = b;
      const client = await gw.client().signIn(users.asesor.email, users.asesor.password);
      const [name, ...value] = client.cookie.split(';')[0].split('=');
      await context.addCookies([{ name, value: value.join('='), url: gw.url }]);
      // A device the person used before: the start-up script draws its frame (boot.ts).
      await deviceSignedInBefore(context, users.asesor, client);
      // The app's code is held until the start-up frame has been looked at: an event, not a delay.
      let release: () => void = () => undefined;
      const looked = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/index-*.js', async (route) => {
        const response = await route.fetch();
        await looked;
        await route.fulfill({ response });
      });
      await page.goto(`${gw.url}/dashboard/users`, { waitUntil: 'commit' });
      try {
        await page.getByRole('status', { name: 'Cargando pantalla' }).waitFor();
        assert.equal(await page.getByRole('heading', { level: 1 }).count(), 0, 'un asesor no ve el título de la lista de usuarios');
      } finally {
        release();
      }
      // A held script still being fetched as the browser closes is no failure of this test.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
    const anonymous = await openBrowser();
    try {
      const { page } = anonymous;
      const checks: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/check-auth') checks.push(request.url());
      });
      await page.goto(`${gw.url}/dashboard/captaciones`);
      await page.waitForURL('**/auth/sign-in');
      assert.equal(checks.length, 1, 'sin sesión en la página se pregunta al servidor');
    } finally {
      await anonymous.close();
    }
  });
});

describe('the shell per role', () => {
  const visible = async (page: import('playwright-core').Page, slug: string) => (await page.getByTestId(`nav-${slug}`).count()) > 0;

  it('an admin sees every admin entry', async () => {
    await withBrowser(async (b) => {
      await signInThroughUi(b.page, gw.url, users.admin.email, users.admin.password);
      for (const slug of ['dashboard', 'perfil', 'usuarios', 'empleados', 'proyectos', 'nueva-captacion']) {
        assert.ok(await visible(b.page, slug), `el administrador debe ver ${slug}`);
      }
      assert.equal(await visible(b.page, 'mi-nomina'), false, 'sin empleado vinculado no hay Mi Nómina');
    });
  });

  it('an adviser with a linked employee lands on the profile and sees no admin entry', async () => {
    await withBrowser(async (b) => {
      await signInThroughUi(b.page, gw.url, users.asesor.email, users.asesor.password);
      await b.page.waitForURL('**/dashboard/profile');
      for (const slug of ['perfil', 'mi-nomina', 'proyectos', 'nueva-captacion']) assert.ok(await visible(b.page, slug), slug);
      for (const slug of ['dashboard', 'usuarios', 'empleados']) assert.equal(await visible(b.page, slug), false, slug);
    });
  });

  it('a supervisor and an admin helper cannot create captaciones', async () => {
    for (const who of [users.supervisor, users.ayudante]) {
      await withBrowser(async (b) => {
        await signInThroughUi(b.page, gw.url, who.email, who.password);
        await b.page.waitForURL('**/dashboard/profile');
        assert.ok(await visible(b.page, 'proyectos'));
        assert.equal(await visible(b.page, 'nueva-captacion'), false);
        assert.equal(await visible(b.page, 'usuarios'), false);
      });
    }
  });

  it("Blueprint's whole sheet follows the first screen in its pieces, in order, before the app's own styles", async () => {
    await withBrowser(async (b) => {
      await signInThroughUi(b.page, gw.url, users.admin.email, users.admin.password);
      const sheets = await b.page.waitForFunction(() => {
        const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
        const parts = links.filter((l) => /\/assets\/blueprint-\d+-/.test(l.href));
        if (parts.length === 0 || parts.some((l) => !l.sheet || l.sheet.cssRules.length === 0)) return null;
        return { parts: parts.map((l) => Number(/blueprint-(\d+)-/.exec(l.href)![1])), firstApp: links.findIndex((l) => !parts.includes(l)), lastPart: links.indexOf(parts.at(-1)!) };
      }, undefined, { timeout: 30_000 });
      const { parts, firstApp, lastPart } = (await sheets.jsonValue())!;
      assert.deepEqual(parts, Array.from({ length: SHEET_PARTS }, (_, i) => i + 1));
      assert.ok(lastPart < firstApp, 'la hoja de Blueprint va antes que la de la aplicación');
      // A rule only the whole sheet has (the first paint's part draws no dialog).
      const radius = await b.page.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.className = 'bp6-dialog';
        const value = getComputedStyle(probe).borderTopLeftRadius;
        probe.remove();
        return value;
      });
      assert.equal(radius, '4px');
    });
  });

  it('the settings drawer opens as a dialog in Spanish and closes with Cerrar', async () => {
    await withBrowser(async (b) => {
      await signInThroughUi(b.page, gw.url, users.admin.email, users.admin.password);
      await b.page.goto(`${gw.url}/dashboard/empleados`);
      await b.page.getByTestId('settings').click();
      const drawer = b.page.getByRole('dialog', { name: 'Configuración' });
      await drawer.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
    });
  });
});

describe('sign-out and offline', () => {
  it('signs out through the server and back to the sign-in screen', async () => {
    await withBrowser(async (b) => {
      await signInThroughUi(b.page, gw.url, users.asesor.email, users.asesor.password);
      await b.page.getByTestId('logout').click();
      await b.page.waitForURL('**/auth/sign-in');
      const stored = await b.page.evaluate(() => localStorage.getItem('user'));
      assert.equal(stored, null);
      await b.page.goto(`${gw.url}/dashboard/profile`);
      await b.page.waitForURL('**/auth/sign-in');
    });
  });

  it('a signed-in person who reloads with no connection gets the shell and their session, once unlocked', async () => {
    await withBrowser(async (b) => {
      const { page, context } = b;
      await signInThroughUi(page, gw.url, users.admin.email, users.admin.password);
      await page.waitForURL('**/dashboard/home');
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await page.reload();
      await unlockWith(page, users.admin.password);
      await page.getByText('Dinero de hoy').waitFor();
      await context.setOffline(false);
    });
  });
});
