/**
 * Payroll test support: employees stored straight into the store (as the employees feature or an
 * import would), people linked to them in both directions, payslips and a form-encoded post.
 */
import type { Nomina } from '../../../couch-design/nomina';
import type { StoreDoc } from '../store/port';
import type { CreatedUser, HttpClient, TestGateway } from './gateway';
import { seed } from './seed';

export const ADMIN_ROLE = 'administrator';

export interface EmpleadoSeed {
  _id: string;
  prim_nom: string;
  apell_pa: string;
  apell_ma: string;
  segun_nom?: string;
  userId?: string | null;
  salario?: number;
}

export function empleadoDoc(e: EmpleadoSeed): StoreDoc {
  return {
    type: 'empleado', telefono: '5512345678', pust: 'Asesor inmobiliario', estado: 'Activo', salario: e.salario ?? 18500,
    fecha_na: '1990-02-18', fecha_ing: '2019-03-15', calle: 'Av. Chapultepec', nun_ex: '210', codigo: '44160', ...e,
  };
}

const put = (gw: TestGateway, db: string, docs: StoreDoc[]): Promise<void> => seed(gw.store, db, docs);

export const seedEmpleados = (gw: TestGateway, empleados: EmpleadoSeed[]): Promise<void> => put(gw, 'empleados', empleados.map(empleadoDoc));
export const seedNominas = (gw: TestGateway, nominas: Nomina[]): Promise<void> => put(gw, 'nominas', nominas as unknown as StoreDoc[]);

/** A stored payslip of `empleadoId`, paid `fecha` (either form, as legacy records may hold). */
export function nominaOf(empleadoId: string, fecha: string, salario = 9250.5, extra: Partial<Nomina> = {}): Nomina {
  return {
    _id: `nom-${empleadoId}-${fecha.replaceAll('/', '')}`, type: 'nomina', empleadoId, empleado: `Empleado ${empleadoId}`,
    conceptoDePago: `Quincena al ${fecha}`, salario, fecha, ...extra,
  };
}

/** Live payslip ids stored right now (what "nothing stored" is checked against). */
export async function storedNominaIds(gw: TestGateway): Promise<string[]> {
  const { docs } = await (await gw.store.db('nominas')).find({ selector: { type: 'nomina' }, fields: ['_id'], limit: 100_000 });
  return docs.map((d) => d._id).sort();
}

export interface Signed {
  user: CreatedUser;
  client: HttpClient;
}

export async function signedIn(gw: TestGateway, role: string, empleado_id?: string): Promise<Signed> {
  const user = await gw.createUser({ role, ...(empleado_id ? { empleado_id } : {}) });
  return { user, client: await gw.client().signIn(user.email, user.password) };
}

/** What a browser's `<form method="post">` (or the PWA's URLSearchParams fetch) sends. */
export async function postForm(client: HttpClient, path: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; body: any }> {
  const res = await client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : undefined; } catch { /* redirects carry a short text body */ }
  return { status: res.status, location: res.headers.get('location'), body };
}

/** A response body as PDF text: the built-in fonts write Latin-1 into uncompressed streams. */
export async function pdfText(res: Response): Promise<string> {
  return Buffer.from(await res.arrayBuffer()).toString('latin1');
}
