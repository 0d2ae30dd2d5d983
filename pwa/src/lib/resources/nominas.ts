/**
 * Payroll behind the gateway (spec 000 section 7), declared once: an employee's payroll (the
 * employee profile and the documents screen), one payslip (the edit screen), the admin's writes
 * and the PDFs. Other people's payslips never reach the device, so these need the network; the
 * person's own payslips are a local resource of the nominas feature.
 */
import { hasDateFilter, NOMINAS_DEFAULT_LIMIT, normalizeDateFilter, type DateFilter, type Nomina, type NominaFields } from '../../../../couch-design/nomina';
import { api, authorizationFromCookie } from '../api';
import { DataError } from '../data/errors';
import { restRecord } from '../data/rest';

const enc = encodeURIComponent;

/** The most the list endpoint answers in one call (its `limite` is 1 to 1000). */
export const NOMINAS_MAX_LIMIT = 1000;

export interface NominasPage {
  nominas: Nomina[];
  /** How many payslips match on the server (more than `nominas` when the limit cut the list). */
  totalRegistros: number;
}

/**
 * Section 9: without a date filter the list asks for `limite=20`; with one, for every match.
 * `limite` asks for more than 20 without a filter (the documents screen wants them all).
 */
export async function listNominasDeEmpleado(empleadoId: string, filter: DateFilter = {}, limite: number = NOMINAS_DEFAULT_LIMIT): Promise<NominasPage> {
  const { desde, hasta } = normalizeDateFilter(filter);
  const query = new URLSearchParams();
  if (hasDateFilter(filter)) {
    if (desde) query.set('desde', desde);
    if (hasta) query.set('hasta', hasta);
  } else {
    query.set('limite', String(limite));
  }
  const body = await api.get<{ nominas?: unknown; data?: unknown; totalRegistros?: unknown }>(`/api/nominas-api/empleado/${enc(empleadoId)}?${query}`);
  // Section 7: the list arrives as `nominas` (or `data`).
  const raw = Array.isArray(body.nominas) ? body.nominas : Array.isArray(body.data) ? body.data : [];
  const nominas = raw as Nomina[];
  const total = typeof body.totalRegistros === 'number' ? body.totalRegistros : nominas.length;
  return { nominas, totalRegistros: Math.max(total, nominas.length) };
}

export interface NominaUpdate extends NominaFields {
  empleado: string;
  empleadoId: string;
  _rev?: string;
}

/** One payslip at `/api/nominas/{id}`: no endpoint lists every payslip (lists go by employee). */
const payslip = restRecord<Nomina, NominaUpdate>({ itemUrl: (id) => `/api/nominas/${enc(id)}`, pickItem: (body) => body.nomina });

/** The payslip, or null when it does not exist or is not this person's to see. */
export const getNomina = (id: string): Promise<Nomina | null> => payslip.get(id);

/** Section 7: PUT with conceptoDePago, salario, fecha, empleado, empleadoId (and the revision read, so a stale edit is refused). */
export const updateNomina = (id: string, body: NominaUpdate): Promise<Nomina> => payslip.update(id, body);

/** The revision shown travels along: deleting a payslip someone changed meanwhile is refused. */
export async function deleteNomina(n: Pick<Nomina, '_id' | '_rev'>): Promise<void> {
  const rev = n._rev ? `?rev=${enc(n._rev)}` : '';
  await api.del(`/api/nominas-api/${enc(n._id)}${rev}`);
}

export interface NuevaNomina {
  empleado: string;
  salario: number;
  fecha: string;
  conceptoDePago: string;
}

/** The screen's words for a failure the server did not explain. */
export interface CreateNominaTexts {
  /** The network failed. */
  sinRed: string;
  /** The server refused without a message. */
  estado: (status: number) => string;
}

/**
 * Section 7: POST /api/CrearNomina/{empleadoId} as a form (empleadoId, empleado, salario, fecha,
 * conceptoDePago). The gateway answers the form with a redirect to the employee profile; the
 * redirect is not followed here (the screen shows its success text and goes there itself after
 * 2 s), so it arrives as an opaque redirect: the JSON client cannot send it. Any ok or redirect
 * answer means success. A refusal carries the server's message; without one, the status.
 */
export async function createNomina(empleadoId: string, nomina: NuevaNomina, texts: CreateNominaTexts): Promise<void> {
  const form = new URLSearchParams({
    empleadoId,
    empleado: nomina.empleado,
    salario: String(nomina.salario),
    fecha: nomina.fecha,
    conceptoDePago: nomina.conceptoDePago,
  });
  const headers = new Headers({ Accept: 'application/json' });
  const auth = authorizationFromCookie(typeof document === 'undefined' ? undefined : document.cookie);
  if (auth) headers.set('Authorization', auth);
  let res: Response;
  try {
    res = await fetch(`/api/CrearNomina/${enc(empleadoId)}`, { method: 'POST', body: form, headers, credentials: 'include', redirect: 'manual' });
  } catch {
    throw new DataError(texts.sinRed, 0, { offline: true });
  }
  if (res.ok || res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) return;
  type Refusal = { mensaje?: unknown; message?: unknown; errors?: unknown };
  const body = await res.json().then(
    (b: unknown): Refusal => (b && typeof b === 'object' ? (b as Refusal) : {}),
    // not JSON (a proxy's error page): the status speaks
    (): Refusal => ({}),
  );
  const said = [body.mensaje, body.message].find((m): m is string => typeof m === 'string' && m !== '');
  throw new DataError(said ?? texts.estado(res.status), res.status, { errors: Array.isArray(body.errors) ? body.errors : undefined, body });
}

/** 'Ver nómina' and the documents' icon: the PDF shown inline in a new tab. */
export const verNominaUrl = (id: string): string => `/api/nominas-api/descargar/${enc(id)}`;

/** 'Descargar PDF': the PDF as a file `nomina-{fecha}.pdf`. */
export const descargarNominaUrl = (id: string): string => `/api/nominas-api/download/${enc(id)}`;

/** The payslip's PDF from the gateway, as bytes to save; throws when it cannot be had. */
export async function fetchNominaPdf(id: string): Promise<Blob> {
  const res = await fetch(descargarNominaUrl(id), { credentials: 'include' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('application/pdf')) throw new DataError(`PDF no disponible (${res.status})`, res.status);
  return res.blob();
}
