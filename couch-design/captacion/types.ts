/**
 * The captación (property acquisition) document, specification 001 section 3.1.
 *
 * Two shapes of the same record:
 * - `Captacion`, as stored in CouchDB and replicated: the documents block is
 *   `documentos_entregados` and an empty number is `null` (JSON has no "empty").
 * - `CaptacionForm`, what Formik edits: the block is `documentacion` (the spec's form-side name)
 *   and an empty number is `''`, the value an empty <input type="number"> holds.
 * `formToDoc` / `docToForm` (convert.ts) move between them.
 */

/** Empty number in the stored document. */
export type DocNumber = number | null;
/** Empty number in the form: what an empty numeric input holds. */
export type FormNumber = number | '';

export interface Propietario {
  nombre: string;
  telefono: string;
  correo: string;
  direccion: string;
  identificacion: string;
  nss: string;
  rfc: string;
  curp: string;
  estado_civil: string;
}

export interface Direccion {
  calle: string;
  numero: string;
  colonia: string;
  ciudad: string;
  estado: string;
  codigo_postal: string;
  /** Display only: the joined address some legacy records carry instead of the parts. */
  completa: string;
}

export interface Caracteristicas<N = DocNumber> {
  m2_terreno: N;
  m2_construccion: N;
  /** Recámaras. */
  habitaciones: N;
  baños: N;
  cocheras: N;
  descripcion: string;
  año_construccion: N;
}

export interface Adeudo<N = DocNumber> {
  tipo: string;
  monto: N;
  /** Shown as "referencia" in the edit form; legacy records may carry `referencia`. */
  numero_referencia: string;
  descripcion: string;
  /** Shown on the detail screen only. */
  estatus: string;
}

export interface Propiedad<N = DocNumber> {
  tipo: string;
  direccion: Direccion;
  caracteristicas: Caracteristicas<N>;
  /** Image URLs. */
  imagenes: string[];
  adeudos: Array<Adeudo<N>>;
}

export interface DatosLaborales<N = DocNumber> {
  empresa: string;
  direccion: string;
  telefono: string;
  /** Área o departamento. */
  area: string;
  puesto: string;
  turno: string;
  registro_patronal: string;
  /** Years. */
  antiguedad: N;
  ingresos_mensuales: N;
}

export interface ReferenciaPersonal {
  nombre: string;
  /** Parentesco o relación. */
  relacion: string;
  telefono: string;
  direccion: string;
  /** Detail screen only. */
  avatar?: string;
}

/** Defaults only: no screen fills this block (spec 3.1). */
export interface DocumentosBasicos {
  ine: boolean;
  curp: boolean;
  rfc: boolean;
  escrituras: boolean;
  predial: boolean;
  comprobante_domicilio: boolean;
  otros: string[];
}

/** `documentos_entregados` in the document, `documentacion` in the form. */
export interface DocumentosEntregados {
  ine: boolean;
  curp: boolean;
  rfc: boolean;
  escrituras: boolean;
  predial_pagado: boolean;
  libre_gravamen: boolean;
  comprobante_domicilio: boolean;
  observaciones: string;
}

export interface Comprador {
  nombre: string;
  telefono: string;
  correo: string;
  direccion: string;
}

export interface DocumentosVenta {
  contrato: boolean;
  identificacion: boolean;
  constancia_credito: boolean;
}

export interface Venta<N = DocNumber> {
  precio_venta: N;
  /** Percent. */
  comision_venta: N;
  /** ISO yyyy-mm-dd, or ''. */
  fecha_venta: string;
  estatus_venta: string;
  en_venta: boolean;
  comprador: Comprador;
  tipo_credito: string;
  observaciones: string;
  documentos_entregados: DocumentosVenta;
}

/** The name parts a person may carry (spec 3.1): a legacy adviser object, a history entry's user. */
export interface UserNameParts {
  _id?: string;
  id?: string;
  name?: string;
  nombre?: string;
  prim_nom?: string;
  segun_nom?: string;
  apell_pa?: string;
  apell_ma?: string;
  email?: string;
  correo?: string;
}

/** A legacy adviser object; new records store the adviser's user id instead. */
export type AsesorLegacy = UserNameParts;

export interface DatosCaptacion {
  tipo_captacion: string;
  observaciones: string;
  /** When the property was captured: ISO date or timestamp; the list sorts on it, newest first. */
  fecha: string;
  /** The adviser's user id (set by the gateway at creation); a legacy object may appear on read. */
  asesor: string | AsesorLegacy;
}

/** Who edited: any of these may be present (spec 3.1); a bare string is a name or e-mail. */
export interface HistoryUser extends UserNameParts {
  avatar?: string;
}

export interface HistorialEntry {
  usuario: HistoryUser | string;
  /** ISO timestamp. */
  fecha: string;
  estatus?: string;
  accion?: string;
  [extra: string]: unknown;
}

export interface UltimaActualizacion {
  usuario: { nombre: string; avatar?: string; id?: string };
  /** ISO timestamp: when the person saved the change (their device's clock, kept sane by the gateway). */
  fecha: string;
  /** ISO timestamp: when the gateway received the change (absent on a device until it syncs). */
  recibido?: string;
}

/** Every business field of the record, in either number representation. */
export interface CaptacionFields<N = DocNumber> {
  propietario: Propietario;
  propiedad: Propiedad<N>;
  datos_laborales: DatosLaborales<N>;
  referencias_personales: ReferenciaPersonal[];
  documentos: DocumentosBasicos;
  venta: Venta<N>;
  captacion: DatosCaptacion;
  tipo_tramite: string;
  /** List status; 'Pendiente' by default. */
  estatus_actual: string;
  /** Stamped at each save (couch-design/captacion/stamp.ts), checked by the gateway. */
  historial_estatus: HistorialEntry[];
  /** Stamped at each save (couch-design/captacion/stamp.ts), checked by the gateway. */
  ultima_actualizacion?: UltimaActualizacion | null;
  pdf_url?: string;
}

/** A captación before CouchDB gave it an id (create payload, fixtures, drafts). */
export interface NewCaptacion extends CaptacionFields<DocNumber> {
  _id?: string;
  _rev?: string;
  type: 'captacion';
  documentos_entregados: DocumentosEntregados;
}

/** A stored captación. */
export interface Captacion extends NewCaptacion {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
}

/** What the create and edit forms hold. */
export interface CaptacionForm extends CaptacionFields<FormNumber> {
  _id?: string;
  _rev?: string;
  documentacion: DocumentosEntregados;
}

/** One validation problem, the shape the gateway answers in `errors` (spec 8: 'param: msg'). */
export type { ValidationIssue } from '../helpers/form-errors';

