/**
 * Moves a captación between its shapes: form <-> document, and any incoming body (form or
 * document, current or legacy) -> a complete document. Every known field is rebuilt on top of the
 * defaults, so a stored document always has the full shape of section 3.1 and unknown keys never
 * reach the database.
 */
import { toIsoDate } from '../format';
import { dict, isDict } from '../helpers/values';
import { toNumber } from '../helpers/numbers';
import { normalizeEstado } from '../mexico';
import { emptyCaptacion, emptyDocumentosEntregados } from './defaults';
import { DEFAULT_ESTATUS_CAPTACION, DEFAULT_ESTATUS_VENTA, normalizeTipoCredito } from './options';
import type {
  Adeudo,
  AsesorLegacy,
  CaptacionForm,
  DocNumber,
  DocumentosEntregados,
  FormNumber,
  HistorialEntry,
  NewCaptacion,
  ReferenciaPersonal,
  UltimaActualizacion,
} from './types';

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function text(v: unknown, fallback = ''): string {
  if (v === undefined) return fallback;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

const TRUE_TEXT = new Set(['true', 'on', '1', 'si', 'sí', 'yes']);

function bool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1;
  return typeof v === 'string' && TRUE_TEXT.has(v.trim().toLowerCase());
}

/** Calendar dates (fecha_venta): stored yyyy-mm-dd, dd/mm/yyyy accepted; a bad date is kept for validation to refuse. */
function calendarDate(v: unknown): string {
  const s = text(v);
  return s === '' ? '' : (toIsoDate(s) ?? s);
}

/** Moments (captacion.fecha) keep their time so the newest-first sort stays exact. */
function moment(v: unknown): string {
  const s = text(v);
  if (s === '' || /^\d{4}-\d{2}-\d{2}T/.test(s)) return s;
  return toIsoDate(s) ?? s;
}

function upper(v: unknown): string {
  return text(v).toUpperCase();
}

function asesor(v: unknown): string | AsesorLegacy {
  if (typeof v === 'string') return v.trim();
  if (!isDict(v)) return '';
  const id = typeof v._id === 'string' ? v._id : typeof v.id === 'string' ? v.id : '';
  return id !== '' ? id : (v);
}

function referencia(v: unknown): ReferenciaPersonal {
  const r = dict(v);
  // `parentesco` is the legacy name of `relacion`: it is read once, then dropped (spec 3.1).
  const out: ReferenciaPersonal = {
    nombre: text(r.nombre),
    relacion: text(r.relacion) || text(r.parentesco),
    telefono: text(r.telefono),
    direccion: text(r.direccion),
  };
  if (typeof r.avatar === 'string' && r.avatar !== '') out.avatar = r.avatar;
  return out;
}

function adeudo(v: unknown): Adeudo<DocNumber> {
  const a = dict(v);
  return {
    tipo: text(a.tipo),
    monto: toNumber(a.monto),
    numero_referencia: text(a.numero_referencia) || text(a.referencia),
    descripcion: text(a.descripcion),
    estatus: text(a.estatus, 'Pendiente'),
  };
}

function documentosEntregados(v: unknown): DocumentosEntregados {
  const d = dict(v);
  const out = emptyDocumentosEntregados();
  for (const key of ['ine', 'curp', 'rfc', 'escrituras', 'predial_pagado', 'libre_gravamen', 'comprobante_domicilio'] as const) {
    out[key] = bool(d[key]);
  }
  out.observaciones = text(d.observaciones);
  return out;
}

function imagen(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  return isDict(v) && typeof v.url === 'string' ? v.url.trim() : '';
}

/** pdf_url is opened in a new tab by the list: only web addresses, never `javascript:` and the like. */
function safeUrl(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  return /^https?:\/\//i.test(s) || /^\/(?!\/)/.test(s) ? s : undefined;
}

export interface CoerceOptions {
  /** Keep `historial_estatus` and `ultima_actualizacion` as they came (client-side conversions). */
  keepServerFields: boolean;
}

/** Any body (form or document shape, possibly partial or legacy) -> a complete captación document. */
export function coerceCaptacion(input: unknown, { keepServerFields }: CoerceOptions): NewCaptacion {
  const src = dict(input);
  const base = emptyCaptacion();

  const p = dict(src.propietario);
  const prop = dict(src.propiedad);
  const dir = dict(prop.direccion);
  const car = dict(prop.caracteristicas);
  const lab = dict(src.datos_laborales);
  const docs = dict(src.documentos);
  const venta = dict(src.venta);
  const comprador = dict(venta.comprador);
  const docsVenta = dict(venta.documentos_entregados);
  const cap = dict(src.captacion);

  const doc: NewCaptacion = {
    type: 'captacion',
    propietario: {
      nombre: text(p.nombre),
      telefono: text(p.telefono),
      correo: text(p.correo),
      direccion: text(p.direccion),
      identificacion: text(p.identificacion),
      nss: text(p.nss),
      rfc: upper(p.rfc),
      curp: upper(p.curp),
      estado_civil: text(p.estado_civil),
    },
    propiedad: {
      tipo: text(prop.tipo),
      direccion: {
        calle: text(dir.calle),
        numero: text(dir.numero),
        colonia: text(dir.colonia),
        ciudad: text(dir.ciudad),
        estado: normalizeEstado(text(dir.estado)),
        codigo_postal: text(dir.codigo_postal),
        completa: text(dir.completa),
      },
      caracteristicas: {
        m2_terreno: toNumber(car.m2_terreno),
        m2_construccion: toNumber(car.m2_construccion),
        habitaciones: toNumber(car.habitaciones),
        baños: toNumber(car.baños),
        cocheras: toNumber(car.cocheras),
        descripcion: text(car.descripcion),
        año_construccion: toNumber(car.año_construccion),
      },
      imagenes: list(prop.imagenes).map(imagen).filter((u) => u !== ''),
      adeudos: list(prop.adeudos).map(adeudo),
    },
    datos_laborales: {
      empresa: text(lab.empresa),
      direccion: text(lab.direccion),
      telefono: text(lab.telefono),
      area: text(lab.area),
      puesto: text(lab.puesto),
      turno: text(lab.turno),
      registro_patronal: text(lab.registro_patronal),
      antiguedad: toNumber(lab.antiguedad),
      ingresos_mensuales: toNumber(lab.ingresos_mensuales),
    },
    referencias_personales: list(src.referencias_personales).map(referencia),
    documentos: {
      ine: bool(docs.ine),
      curp: bool(docs.curp),
      rfc: bool(docs.rfc),
      escrituras: bool(docs.escrituras),
      predial: bool(docs.predial),
      comprobante_domicilio: bool(docs.comprobante_domicilio),
      otros: typeof docs.otros === 'string' ? [docs.otros.trim()].filter(Boolean) : list(docs.otros).map((o) => text(o)).filter(Boolean),
    },
    // The form's block wins: it is the value being edited (spec 3.1: sent as documentos_entregados).
    documentos_entregados: documentosEntregados(src.documentacion !== undefined ? src.documentacion : src.documentos_entregados),
    venta: {
      precio_venta: toNumber(venta.precio_venta),
      comision_venta: toNumber(venta.comision_venta),
      fecha_venta: calendarDate(venta.fecha_venta),
      estatus_venta: text(venta.estatus_venta) || DEFAULT_ESTATUS_VENTA,
      en_venta: bool(venta.en_venta),
      comprador: {
        nombre: text(comprador.nombre),
        telefono: text(comprador.telefono),
        correo: text(comprador.correo),
        direccion: text(comprador.direccion),
      },
      tipo_credito: normalizeTipoCredito(text(venta.tipo_credito)),
      observaciones: text(venta.observaciones),
      documentos_entregados: {
        contrato: bool(docsVenta.contrato),
        identificacion: bool(docsVenta.identificacion),
        constancia_credito: bool(docsVenta.constancia_credito),
      },
    },
    captacion: {
      // Missing means "not sent": default. An explicit '' is kept so the required rule can speak.
      tipo_captacion: text(cap.tipo_captacion, base.captacion.tipo_captacion),
      observaciones: text(cap.observaciones),
      fecha: moment(cap.fecha),
      asesor: asesor(cap.asesor),
    },
    tipo_tramite: text(src.tipo_tramite),
    estatus_actual: text(src.estatus_actual) || DEFAULT_ESTATUS_CAPTACION,
    historial_estatus: keepServerFields ? (list(src.historial_estatus).filter(isDict) as HistorialEntry[]) : [],
  };

  if (keepServerFields && isDict(src.ultima_actualizacion)) {
    doc.ultima_actualizacion = src.ultima_actualizacion as unknown as UltimaActualizacion;
  }
  const pdf = safeUrl(src.pdf_url);
  if (pdf) doc.pdf_url = pdf;
  if (typeof src._id === 'string' && src._id !== '') doc._id = src._id;
  if (typeof src._rev === 'string' && src._rev !== '') doc._rev = src._rev;
  return doc;
}

/**
 * Form -> document, as the create and edit screens save it: `documentacion` goes to the top-level
 * `documentos_entregados` and disappears under its old name, references lose the legacy
 * `parentesco`, blanks become null and numeric texts numbers.
 */
export function formToDoc(form: CaptacionForm | Record<string, unknown>): NewCaptacion {
  return coerceCaptacion(form, { keepServerFields: true });
}

const formNumber = (n: DocNumber): FormNumber => (typeof n === 'number' ? n : '');

/** Document (current or legacy) -> the values the edit form starts from. */
export function docToForm(doc: NewCaptacion | Record<string, unknown>): CaptacionForm {
  const d = coerceCaptacion(doc, { keepServerFields: true });
  const { type: _type, documentos_entregados, propiedad, datos_laborales, venta, ...rest } = d;
  const c = propiedad.caracteristicas;
  return {
    ...rest,
    propiedad: {
      ...propiedad,
      caracteristicas: {
        ...c,
        m2_terreno: formNumber(c.m2_terreno),
        m2_construccion: formNumber(c.m2_construccion),
        habitaciones: formNumber(c.habitaciones),
        baños: formNumber(c.baños),
        cocheras: formNumber(c.cocheras),
        año_construccion: formNumber(c.año_construccion),
      },
      adeudos: propiedad.adeudos.map((a) => ({ ...a, monto: formNumber(a.monto) })),
    },
    datos_laborales: {
      ...datos_laborales,
      antiguedad: formNumber(datos_laborales.antiguedad),
      ingresos_mensuales: formNumber(datos_laborales.ingresos_mensuales),
    },
    venta: { ...venta, precio_venta: formNumber(venta.precio_venta), comision_venta: formNumber(venta.comision_venta) },
    documentacion: documentos_entregados,
  };
}

/**
 * What the gateway stores from a client's body (REST or replication), before validation:
 * the form shape or the document shape (`documentacion` -> `documentos_entregados`),
 * dd/mm/yyyy dates -> ISO, numeric texts -> numbers, the legacy `parentesco` dropped (copied into
 * `relacion` when that is empty), RFC and CURP upper-cased, unknown fields left out, and the
 * fields only the gateway writes removed: `historial_estatus` and `ultima_actualizacion` are
 * stamped from the session, `type` is always 'captacion'. `captacion.asesor` is kept; whether
 * this user may set it is the gateway's decision (roles.canReassignCaptacion).
 */
export function normalizeCaptacionInput(body: unknown): NewCaptacion {
  return coerceCaptacion(body, { keepServerFields: false });
}
