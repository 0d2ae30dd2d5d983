/**
 * The screens `bench/lighthouse.ts` measures (issue 11 item 3): the two with performance targets,
 * measured on mobile and desktop, and every other main screen, measured for accessibility and
 * best practices only on mobile (the field's devices), each signed in with the demo account
 * whose role uses it. Paths hold ids the demo seed created, read back from the store.
 */
import type { Store } from '../sync-server/src/store/port';
import { DEMO_ACCOUNTS } from '../sync-server/src/seed/demo-people';
import { USUARIO } from '../couch-design/usuario/entity';
import { CAPTACION } from '../couch-design/captacion/entity';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];
export const FORM_FACTORS = ['mobile', 'desktop'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

/** A demo account's id (sync-server/src/seed/demo-people.ts), or null for an anonymous visitor. */
export type Account = (typeof DEMO_ACCOUNTS)[number]['id'] | null;

export interface Screen {
  name: string;
  path: string;
  account: Account;
  /** Minimum performance score per form factor measured; screens without it skip performance. */
  perf?: Partial<Record<FormFactor, number>>;
  formFactors: readonly FormFactor[];
  categories: readonly Category[];
  /**
   * Measured as the installed app a field agent opens: the same browser visited the screen once
   * before (service worker, code cache and synced data in place), then Lighthouse keeps that storage.
   */
  installed?: boolean;
  /**
   * With `installed`: the visit before waited until the chip said 'Al día' (all pulled), and
   * while Lighthouse measures, other devices keep editing captaciones on the server, which the
   * live sync brings down into the open list (issue 36 item 5).
   */
  liveEdits?: boolean;
  /** Its largest paint is printed beside this target, in ms. */
  lcpTarget?: number;
  /**
   * 'devtools': the network and CPU really slowed down while the page loads (Lighthouse's
   * applied throttling), instead of a fast load from which the phone's timings are estimated.
   */
  throttling?: 'devtools';
}

/** The ids the seed created that the screens' paths need. */
interface SeedIds {
  usuario: string;
  empleado: string;
  captacion: string;
}

const ADMIN = 'demo-admin';
/** The adviser with a linked employee: Mi Nómina and own profile show payslips. */
const ASESOR = 'demo-asesor';

async function seedIds(store: Store): Promise<SeedIds> {
  const asesor = await (await store.db(USUARIO.database)).get(ASESOR);
  const empleadoId = typeof asesor.empleado_id === 'string' ? asesor.empleado_id : null;
  if (!empleadoId) throw new Error(`La cuenta de demostración ${ASESOR} no tiene empleado vinculado`);
  // The adviser's own captación: the detail screen of someone who may open it.
  const { docs } = await (await store.db(CAPTACION.database)).find({ selector: { type: 'captacion', 'captacion.asesor': ASESOR }, fields: ['_id'], limit: 1 });
  if (!docs[0]) throw new Error(`El seed de demostración no creó captaciones de ${ASESOR}`);
  return { usuario: ASESOR, empleado: empleadoId, captacion: docs[0]._id };
}

const A11Y_ONLY = { formFactors: ['mobile'], categories: ['accessibility', 'best-practices'] } as const;
const ALL = { formFactors: FORM_FACTORS, categories: CATEGORIES } as const;

export async function lighthouseScreens(store: Store): Promise<Screen[]> {
  const ids = await seedIds(store);
  return [
    { name: 'inicio de sesión', path: '/auth/sign-in', account: null, perf: { mobile: 90, desktop: 98 }, ...ALL },
    { name: 'lista de captaciones (asesor)', path: '/dashboard/captaciones', account: ASESOR, perf: { mobile: 80, desktop: 95 }, lcpTarget: 2500, ...ALL },
    {
      name: 'lista de captaciones (asesor), red y CPU frenadas de verdad',
      path: '/dashboard/captaciones',
      account: ASESOR,
      perf: { mobile: 80 },
      lcpTarget: 2500,
      throttling: 'devtools',
      formFactors: ['mobile'],
      categories: ['performance'],
    },
    {
      name: 'lista de captaciones (asesor), app instalada, sincronizada y en vivo',
      path: '/dashboard/captaciones',
      account: ASESOR,
      perf: { mobile: 80 },
      lcpTarget: 2500,
      installed: true,
      liveEdits: true,
      formFactors: ['mobile'],
      categories: ['performance'],
    },
    { name: 'registro público', path: '/auth/sign-up', account: null, ...A11Y_ONLY },
    { name: 'inicio (administrador)', path: '/dashboard/home', account: ADMIN, ...A11Y_ONLY },
    { name: 'lista de usuarios', path: '/dashboard/users', account: ADMIN, ...A11Y_ONLY },
    { name: 'crear usuario', path: '/dashboard/users/crear', account: ADMIN, ...A11Y_ONLY },
    { name: 'detalle de usuario', path: `/dashboard/user-profile/${ids.usuario}`, account: ADMIN, ...A11Y_ONLY },
    { name: 'lista de empleados', path: '/dashboard/empleados', account: ADMIN, ...A11Y_ONLY },
    { name: 'crear empleado', path: '/dashboard/empleados/crear', account: ADMIN, ...A11Y_ONLY },
    // A date filter in the URL opens 'Información Laboral' with its payroll at once.
    { name: 'perfil del empleado (con nóminas)', path: `/dashboard/empleado-profile/${ids.empleado}?desde=2026-01-01`, account: ADMIN, ...A11Y_ONLY },
    { name: 'documentos del empleado', path: `/dashboard/empleado-documents/${ids.empleado}`, account: ADMIN, ...A11Y_ONLY },
    { name: 'crear nómina', path: `/dashboard/nomina/crear/${ids.empleado}`, account: ADMIN, ...A11Y_ONLY },
    { name: 'mi nómina (asesor)', path: '/dashboard/nominas/mi-nomina', account: ASESOR, ...A11Y_ONLY },
    { name: 'mi perfil (asesor)', path: '/dashboard/profile', account: ASESOR, ...A11Y_ONLY },
    { name: 'nueva captación (asesor)', path: '/dashboard/captaciones/nueva', account: ASESOR, ...A11Y_ONLY },
    { name: 'detalle de captación (asesor)', path: `/dashboard/captaciones/${ids.captacion}/detalle`, account: ASESOR, ...A11Y_ONLY },
  ];
}
