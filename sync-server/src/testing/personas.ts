/**
 * Users and employees test support: valid bodies for the forms, photo uploads as a browser sends
 * them, and the link invariant read straight from the store.
 */
import { JPEG_2X2, PNG_1X1 } from '../../../couch-design/testing/images';
import type { Store, StoreDoc } from '../store/port';
import type { HttpClient, TestGateway } from './gateway';

/** A field as a problem message names it: text as it is, anything else as JSON. */
const textOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

let n = 0;
const next = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

/** A complete 'Registro de Usuario' / 'Crear Nuevo Usuario' body. */
export function usuarioBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const k = next();
  return {
    prim_nom: 'Ana', apell_pa: 'Pérez', apell_ma: `Gómez${k}`, fecha_na: '21/11/1990', pust: 'Asesora inmobiliaria',
    calle: 'Av. Chapultepec', nun_ex: '210', codigo: '44160', telefono: '3312345678', email: `ana.${k}@ejemplo.mx`,
    password: 'Segura-2026', ...overrides,
  };
}

/** A complete 'Crear Nuevo Empleado' body. */
export function empleadoBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const k = next();
  return {
    prim_nom: 'Jorge', apell_pa: 'Hernández', apell_ma: `Vega${k}`, fecha_na: '1994-09-30', telefono: '5523456789',
    pust: 'Auxiliar de oficina', salario: 14500, fecha_ing: '01/06/2021', calle: 'Calle Pino', nun_ex: '45', codigo: '06400', ...overrides,
  };
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(PNG_1X1);
/** A 2x2 JPEG: uploads must be whole images (couch-design/image-check.ts), not just their first bytes. */
export const JPEG = Buffer.from(JPEG_2X2);

/** POST a multipart form, as the browser sends FormData; the answer as JSON, or its raw text. */
export async function postForm(client: HttpClient, path: string, form: FormData): Promise<{ status: number; body: any }> {
  const res = await client.fetch(path, { method: 'POST', body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* the raw text is asserted by the caller */
  }
  return { status: res.status, body };
}

/** POST multipart with one file, as the browser's FormData sends it. */
export async function upload(
  client: HttpClient,
  path: string,
  file: { bytes?: Buffer; name?: string; type?: string; field?: string } | null,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  if (file) form.append(file.field ?? 'foto_perfil', new Blob([new Uint8Array(file.bytes ?? PNG)], { type: file.type ?? 'image/png' }), file.name ?? 'foto.png');
  else form.append('nota', 'sin archivo');
  return postForm(client, path, form);
}

async function all(store: Store, db: string, type: string): Promise<StoreDoc[]> {
  const { docs } = await (await store.db(db)).find({ selector: { type }, limit: 100_000 });
  return docs;
}

/**
 * Every way the link can be broken, described in Spanish; [] when it holds: a user naming a
 * missing employee or one linked to someone else, the same seen from the employee, and two
 * people sharing one partner.
 */
export async function linkProblems(store: Store): Promise<string[]> {
  const users = new Map((await all(store, 'usuarios', 'usuario')).map((u) => [u._id, u]));
  const emps = new Map((await all(store, 'empleados', 'empleado')).map((e) => [e._id, e]));
  return [
    ...sideProblems(users, emps, { one: 'usuario', many: 'usuarios', link: 'empleado_id' }, { one: 'empleado', link: 'userId' }),
    ...sideProblems(emps, users, { one: 'empleado', many: 'empleados', link: 'userId' }, { one: 'usuario', link: 'empleado_id' }),
  ];
}

/** The link seen from one side: each document's partner exists, points back, and is nobody else's. */
function sideProblems(
  from: Map<string, StoreDoc>,
  to: Map<string, StoreDoc>,
  side: { one: string; many: string; link: string },
  other: { one: string; link: string },
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const d of from.values()) {
    const partnerId = d[side.link] as string | null | undefined;
    if (!partnerId) continue;
    const partner = to.get(partnerId);
    if (!partner) problems.push(`${side.one} ${d._id} apunta al ${other.one} inexistente ${partnerId}`);
    else if (partner[other.link] && partner[other.link] !== d._id) problems.push(`${side.one} ${d._id} apunta a ${partnerId}, que apunta a ${textOf(partner[other.link])}`);
    if (seen.has(partnerId)) problems.push(`${side.many} ${seen.get(partnerId)} y ${d._id} comparten el ${other.one} ${partnerId}`);
    seen.set(partnerId, d._id);
  }
  return problems;
}

/** Both sides of the link of one user: what the user and the employees store. */
export async function linkOf(gw: TestGateway, userId: string): Promise<{ empleado_id: unknown; empleados: string[] }> {
  const u = await (await gw.store.db('usuarios')).get(userId).catch(() => null);
  const { docs } = await (await gw.store.db('empleados')).find({ selector: { type: 'empleado', userId }, limit: 100 });
  return { empleado_id: u && !u._deleted ? (u.empleado_id ?? null) : undefined, empleados: docs.map((d) => d._id) };
}

export async function countDocs(gw: TestGateway, db: 'usuarios' | 'empleados', type: string): Promise<number> {
  return (await all(gw.store, db, type)).length;
}
