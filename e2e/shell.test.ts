import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { openBrowser, signInThroughUi, startE2EGateway, waitForServiceWorker } from './harness';

let gw: TestGateway;
const users: Record<string, CreatedUser> = {};

before(async () => {
  gw = await startE2EGateway();
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia' });
  users.asesor = await gw.createUser({ role: 'asesor', empleado_id: 'emp-asesor' });
  users.supervisor = await gw.createUser({ role: 'supervisor de obra' });
  users.ayudante = await gw.createUser({ role: 'ayudante de administrador' });
});
after(() => gw.close());

describe('sign-in screen', () => {
  it('shows each error text and signs in with Enter in the password field', async () => {
    const b = await openBrowser();
    try {
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
    } finally {
      await b.close();
    }
  });
});

describe('start-up', () => {
  it("asks for the session and the screen's code while the entry (React) is still downloading, then draws the screen", async () => {
    const b = await openBrowser();
    try {
      const { page, context } = b;
      const { cookie } = await gw.client().signIn(users.asesor.email, users.asesor.password);
      const [name, ...value] = cookie.split(';')[0].split('=');
      await context.addCookies([{ name, value: value.join('='), url: gw.url }]);
      const sent: Array<{ at: number; url: string }> = [];
      page.on('request', (request) => sent.push({ at: Date.now(), url: request.url() }));
      // The entry arrives late, as over a slow network; the start-up script must not wait for it.
      let entryArrivedAt = Infinity;
      await page.route('**/assets/index-*.js', async (route) => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        entryArrivedAt = Date.now();
        await route.fulfill({ response });
      });
      await page.goto(`${gw.url}/dashboard/captaciones`);
      await page.getByRole('heading', { level: 1, name: 'Mis Proyectos de Captación' }).waitFor();
      const firstSent = (pattern: RegExp) => sent.find((r) => pattern.test(new URL(r.url).pathname))?.at ?? Infinity;
      assert.ok(firstSent(/^\/api\/check-auth$/) < entryArrivedAt, 'la sesión se pregunta antes de que llegue la entrada');
      assert.ok(firstSent(/^\/assets\/captaciones-[\w-]+\.js$/) < entryArrivedAt, 'el código de la pantalla se pide antes de que llegue la entrada');
    } finally {
      await b.close();
    }
  });
});

describe('the shell per role', () => {
  const visible = async (page: import('playwright-core').Page, slug: string) => (await page.getByTestId(`nav-${slug}`).count()) > 0;

  it('an admin sees every admin entry', async () => {
    const b = await openBrowser();
    try {
      await signInThroughUi(b.page, gw.url, users.admin.email, users.admin.password);
      for (const slug of ['dashboard', 'perfil', 'usuarios', 'empleados', 'proyectos', 'nueva-captacion']) {
        assert.ok(await visible(b.page, slug), `el administrador debe ver ${slug}`);
      }
      assert.equal(await visible(b.page, 'mi-nomina'), false, 'sin empleado vinculado no hay Mi Nómina');
    } finally {
      await b.close();
    }
  });

  it('an adviser with a linked employee lands on the profile and sees no admin entry', async () => {
    const b = await openBrowser();
    try {
      await signInThroughUi(b.page, gw.url, users.asesor.email, users.asesor.password);
      await b.page.waitForURL('**/dashboard/profile');
      for (const slug of ['perfil', 'mi-nomina', 'proyectos', 'nueva-captacion']) assert.ok(await visible(b.page, slug), slug);
      for (const slug of ['dashboard', 'usuarios', 'empleados']) assert.equal(await visible(b.page, slug), false, slug);
    } finally {
      await b.close();
    }
  });

  it('a supervisor and an admin helper cannot create captaciones', async () => {
    for (const who of [users.supervisor, users.ayudante]) {
      const b = await openBrowser();
      try {
        await signInThroughUi(b.page, gw.url, who.email, who.password);
        await b.page.waitForURL('**/dashboard/profile');
        assert.ok(await visible(b.page, 'proyectos'));
        assert.equal(await visible(b.page, 'nueva-captacion'), false);
        assert.equal(await visible(b.page, 'usuarios'), false);
      } finally {
        await b.close();
      }
    }
  });

  // Every route has its screen now (the 'En construcción' page is covered in routes.test.tsx).
  it('the settings drawer opens as a dialog in Spanish and closes with Cerrar', async () => {
    const b = await openBrowser();
    try {
      await signInThroughUi(b.page, gw.url, users.admin.email, users.admin.password);
      await b.page.goto(`${gw.url}/dashboard/empleados`);
      await b.page.getByTestId('settings').click();
      const drawer = b.page.getByRole('dialog', { name: 'Configuración' });
      await drawer.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
    } finally {
      await b.close();
    }
  });
});

describe('sign-out and offline', () => {
  it('signs out through the server and back to the sign-in screen', async () => {
    const b = await openBrowser();
    try {
      await signInThroughUi(b.page, gw.url, users.asesor.email, users.asesor.password);
      await b.page.getByTestId('logout').click();
      await b.page.waitForURL('**/auth/sign-in');
      const stored = await b.page.evaluate(() => localStorage.getItem('user'));
      assert.equal(stored, null);
      await b.page.goto(`${gw.url}/dashboard/profile`);
      await b.page.waitForURL('**/auth/sign-in');
    } finally {
      await b.close();
    }
  });

  it('a signed-in person who reloads with no connection gets the shell and their session', async () => {
    const b = await openBrowser();
    try {
      const { page, context } = b;
      await signInThroughUi(page, gw.url, users.admin.email, users.admin.password);
      await page.waitForURL('**/dashboard/home');
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('topbar').waitFor();
      await page.getByText('Dinero de hoy').waitFor();
      await context.setOffline(false);
    } finally {
      await b.close();
    }
  });
});
