/**
 * Defaults of a new captación (spec section 9): tipo_captacion 'Abierta', estatus_venta
 * 'En proceso', estatus_actual 'Pendiente', booleans false, lists empty, texts '' and numbers
 * empty (`null` in the document, `''` in the form).
 */
import { DEFAULT_ESTATUS_CAPTACION, DEFAULT_ESTATUS_VENTA, DEFAULT_TIPO_CAPTACION } from './options';
import type {
  Adeudo,
  CaptacionFields,
  CaptacionForm,
  DocNumber,
  DocumentosEntregados,
  FormNumber,
  NewCaptacion,
  ReferenciaPersonal,
} from './types';

export function emptyReferencia(): ReferenciaPersonal {
  return { nombre: '', relacion: '', telefono: '', direccion: '' };
}

export function emptyAdeudo(): Adeudo<DocNumber>;
export function emptyAdeudo(empty: ''): Adeudo<FormNumber>;
export function emptyAdeudo(empty: null | '' = null): Adeudo<DocNumber | FormNumber> {
  return { tipo: '', monto: empty, numero_referencia: '', descripcion: '', estatus: 'Pendiente' };
}

export function emptyDocumentosEntregados(): DocumentosEntregados {
  return {
    ine: false,
    curp: false,
    rfc: false,
    escrituras: false,
    predial_pagado: false,
    libre_gravamen: false,
    comprobante_domicilio: false,
    observaciones: '',
  };
}

function emptyFields(empty: null): CaptacionFields<DocNumber>;
function emptyFields(empty: ''): CaptacionFields<FormNumber>;
function emptyFields(e: null | ''): CaptacionFields<DocNumber | FormNumber> {
  return {
    propietario: {
      nombre: '',
      telefono: '',
      correo: '',
      direccion: '',
      identificacion: '',
      nss: '',
      rfc: '',
      curp: '',
      estado_civil: '',
    },
    propiedad: {
      tipo: '',
      direccion: { calle: '', numero: '', colonia: '', ciudad: '', estado: '', codigo_postal: '', completa: '' },
      caracteristicas: {
        m2_terreno: e,
        m2_construccion: e,
        habitaciones: e,
        baños: e,
        cocheras: e,
        descripcion: '',
        año_construccion: e,
      },
      imagenes: [],
      adeudos: [],
    },
    datos_laborales: {
      empresa: '',
      direccion: '',
      telefono: '',
      area: '',
      puesto: '',
      turno: '',
      registro_patronal: '',
      antiguedad: e,
      ingresos_mensuales: e,
    },
    referencias_personales: [],
    documentos: {
      ine: false,
      curp: false,
      rfc: false,
      escrituras: false,
      predial: false,
      comprobante_domicilio: false,
      otros: [],
    },
    venta: {
      precio_venta: e,
      comision_venta: e,
      fecha_venta: '',
      estatus_venta: DEFAULT_ESTATUS_VENTA,
      en_venta: false,
      comprador: { nombre: '', telefono: '', correo: '', direccion: '' },
      tipo_credito: '',
      observaciones: '',
      documentos_entregados: { contrato: false, identificacion: false, constancia_credito: false },
    },
    captacion: { tipo_captacion: DEFAULT_TIPO_CAPTACION, observaciones: '', fecha: '', asesor: '' },
    tipo_tramite: '',
    estatus_actual: DEFAULT_ESTATUS_CAPTACION,
    historial_estatus: [],
  };
}

/** A new, empty captación document (no `_id` yet). */
export function emptyCaptacion(): NewCaptacion {
  return { type: 'captacion', ...emptyFields(null), documentos_entregados: emptyDocumentosEntregados() };
}

/** The create form's initial values. */
export function emptyCaptacionForm(): CaptacionForm {
  return { ...emptyFields(''), documentacion: emptyDocumentosEntregados() };
}
