/**
 * Touch targets of 44 × 44 px on every main screen at 1024 and 390 px (issue 20 item 3): every
 * interactive element, not a sample, is measured; each hidden tab, closed section, empty list row
 * and sale block is opened first so its controls are measured too. The offenders are listed.
 *
 * One gateway; per width one session per person (signed out, an admin, an adviser with payslips),
 * each screen visited once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sampleCaptacion } from '../couch-design/captacion/fixtures';
import type { CreatedUser, TestGateway } from '../sync-server/src/testing/gateway';
import { nominaOf, seedEmpleados, seedNominas } from '../sync-server/src/testing/payroll';
import { openBrowser, signInThroughUi, gatewayForFile } from './harness';
import { smallTargets } from './touch-measure';

const users = {} as Record<'admin' | 'asesor', CreatedUser>;
const EMP = 'emp-touch';
const NOMINA = 'nom-touch';
const CAPTACION = 'cap-touch';

const gw: TestGateway = gatewayForFile({ publicSignup: true }, async () => {
  users.admin = await gw.createUser({ role: 'administrator', prim_nom: 'Alicia', apell_pa: 'Admin' });
  users.asesor = await gw.createUser({ role: 'asesor', prim_nom: 'Armando', apell_pa: 'Asesor', empleado_id: EMP });
  await seedEmpleados(gw, [{ _id: EMP, prim_nom: 'Armando', apell_pa: 'Asesor', apell_ma: 'Luna', userId: users.asesor.id }]);
  await seedNominas(gw, [{ ...nominaOf(EMP, '2026-01-15', 7500, { empleado: 'Armando Asesor Luna' }), _id: NOMINA }]);
  const db = await gw.store.db('captaciones');
  await db.put({ ...sampleCaptacion({ propietario: { nombre: 'Táctil Pérez' }, captacion: { asesor: users.asesor.id } }), _id: CAPTACION });
});

const SIZES = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

/** A screen: where it is, what shows it is drawn, and what to open so every control is on screen. */
interface Screen {
  path: string;
  /** A text it shows once loaded, or a wait of its own. */
  ready?: string | ((page: Page) => Promise<void>);
  /** Each step opens more controls; the screen is measured before the first and after each. */
  reveal?: Array<(page: Page) => Promise<void>>;
}

const clickTab = (name: string) => (page: Page) => page.getByRole('tab', { name, exact: true }).click();
const everyTab = (names: string[]) => names.map(clickTab);
const CAPTACION_TABS = ['Propiedad', 'Adeudos', 'Datos Laborales', 'Referencias', 'Documentos', 'Venta'];

/** The form's tabs with a debt, a reference and the sale block drawn. */
const formReveal = [
  ...everyTab(CAPTACION_TABS.slice(0, 2)),
  async (page: Page) => page.getByRole('button', { name: '+ Agregar Adeudo' }).click(),
  clickTab('Datos Laborales'),
  clickTab('Referencias'),
  async (page: Page) => page.getByRole('button', { name: '+ Agregar Referencia' }).click(),
  clickTab('Documentos'),
  clickTab('Venta'),
  async (page: Page) => {
    const venta = page.locator('#f-venta-en_venta');
    if (!(await venta.isChecked())) await page.locator('label:has(#f-venta-en_venta)').click();
    await page.locator('#f-venta-precio_venta').waitFor();
  },
];

const ownerLoaded = async (page: Page): Promise<void> => {
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#f-propietario-nombre')?.value === 'Táctil Pérez');
};

const ADMIN_SCREENS = (): Screen[] => [
  { path: '/dashboard/home', ready: 'Dinero de hoy' },
  { path: '/dashboard/profile', reveal: [clickTab('Nóminas')] },
  { path: '/dashboard/users', ready: users.asesor.email, reveal: [(p) => p.getByRole('row').filter({ hasText: users.asesor.email }).click()] },
  { path: '/dashboard/users/crear', reveal: [(p) => p.getByText('Usar empleado existente').click()] },
  { path: `/dashboard/users/edit/${users.asesor.id}`, ready: 'Vincular con empleado existente' },
  { path: `/dashboard/user-profile/${users.asesor.id}`, ready: 'Ver empleado' },
  { path: '/dashboard/empleados', ready: 'Armando', reveal: [(p) => p.getByRole('row').filter({ hasText: 'Armando' }).click()] },
  { path: '/dashboard/empleados/crear' },
  { path: `/dashboard/empleados/editar/${EMP}` },
  { path: `/dashboard/empleado-profile/${EMP}`, ready: 'Armando', reveal: [(p) => p.getByRole('button', { name: 'Información Laboral' }).click()] },
  { path: `/dashboard/empleado-documents/${EMP}` },
  { path: `/dashboard/nomina/crear/${EMP}` },
  { path: `/dashboard/nomina/update/${NOMINA}`, ready: 'Concepto de Pago' },
  { path: '/dashboard/nominas/mi-nomina' },
  { path: '/dashboard/captaciones', ready: 'Táctil Pérez' },
  { path: '/dashboard/captaciones/nueva', reveal: formReveal },
  { path: `/dashboard/captaciones/editar/${CAPTACION}`, ready: ownerLoaded, reveal: formReveal },
  { path: `/dashboard/captaciones/${CAPTACION}/detalle`, ready: 'Táctil Pérez', reveal: everyTab(CAPTACION_TABS) },
];

const ASESOR_SCREENS: Screen[] = [
  { path: '/dashboard/nominas/mi-nomina', ready: '7,500.00' },
  { path: '/dashboard/profile', ready: 'Armando', reveal: [clickTab('Nóminas'), (p) => p.getByText('7,500.00').first().waitFor()] },
];

const SIGNED_OUT: Screen[] = [{ path: '/auth/sign-in' }, { path: '/auth/sign-up', ready: 'Registrar Nuevo Usuario' }];

/** Visits each screen once, measuring it as drawn and after each step that opens more of it. */
async function sweep(page: Page, screens: Screen[], width: number): Promise<string[]> {
  const offenders: string[] = [];
  for (const screen of screens) {
    await page.goto(`${gw.url}${screen.path}`);
    await page.locator('h1').first().waitFor();
    if (typeof screen.ready === 'string') await page.getByText(screen.ready).first().waitFor();
    else await screen.ready?.(page);
    const measure = async () => {
      for (const o of await smallTargets(page)) offenders.push(`${width} px ${screen.path}: ${o}`);
    };
    await measure();
    for (const step of screen.reveal ?? []) {
      await step(page);
      await measure();
    }
  }
  return [...new Set(offenders)];
}

describe('44 × 44 px touch targets on every main screen', () => {
  for (const size of SIZES) {
    it(`at ${size.width} × ${size.height}`, async () => {
      const offenders: string[] = [];
      for (const [who, screens] of [
        [null, SIGNED_OUT],
        [users.admin, ADMIN_SCREENS()],
        [users.asesor, ASESOR_SCREENS],
      ] as const) {
        const b = await openBrowser(size);
        try {
          if (who) await signInThroughUi(b.page, gw.url, who.email, who.password);
          offenders.push(...(await sweep(b.page, screens, size.width)));
        } finally {
          await b.close();
        }
      }
      assert.equal(offenders.length, 0, `objetivos de menos de 44 × 44 px:\n${offenders.join('\n')}`);
    });
  }
});
