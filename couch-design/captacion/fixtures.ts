/**
 * A realistic, valid captación for tests, seeds and benchmarks. The owner's CURP, RFC and NSS
 * carry correct check digits, so the record raises no warning either.
 */
import { docToForm } from './convert';
import type { CaptacionForm, NewCaptacion } from './types';

export type DeepPartial<T> = T extends Array<infer _U>
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; arrays and scalars replace. */
export function deepMerge<T>(base: T, overrides: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(overrides)) return (overrides === undefined ? base : overrides) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    out[key] = value === undefined ? out[key] : deepMerge(out[key], value);
  }
  return out as T;
}

export function sampleCaptacion(overrides: DeepPartial<NewCaptacion> = {}): NewCaptacion {
  const base: NewCaptacion = {
    type: 'captacion',
    propietario: {
      nombre: 'María Guadalupe Hernández Ramírez',
      telefono: '5523456789',
      correo: 'guadalupe.hernandez@example.com',
      direccion: 'Calle Tlacotalpan 48, Col. Roma Sur, Cuauhtémoc, Ciudad de México',
      identificacion: 'INE IDMEX1987654321',
      nss: '12058512349',
      rfc: 'HERG850315K73',
      curp: 'HERG850315MDFRMD09',
      estado_civil: 'Casado',
    },
    propiedad: {
      tipo: 'Casa',
      direccion: {
        calle: 'Av. Miguel Ángel de Quevedo',
        numero: '742',
        colonia: 'Romero de Terreros',
        ciudad: 'Coyoacán',
        estado: 'Ciudad de México',
        codigo_postal: '04310',
        completa: '',
      },
      caracteristicas: {
        m2_terreno: 180,
        m2_construccion: 145.5,
        habitaciones: 3,
        baños: 2.5,
        cocheras: 2,
        descripcion: 'Casa de dos niveles con jardín, cocina integral, cuarto de servicio y calentador solar.',
        año_construccion: 1998,
      },
      imagenes: [],
      adeudos: [
        { tipo: 'Predial', monto: 4850.75, numero_referencia: '061-234-05-000-8', descripcion: 'Bimestres 1 a 3 de 2025', estatus: 'Pendiente' },
        { tipo: 'Agua', monto: 1320, numero_referencia: 'SACMEX-2210387', descripcion: 'Consumo 2024', estatus: 'Pendiente' },
      ],
    },
    datos_laborales: {
      empresa: 'Grupo Industrial del Valle, S.A. de C.V.',
      direccion: 'Calz. de Tlalpan 2980, Col. Espartaco, Coyoacán, Ciudad de México, C.P. 04870',
      telefono: '5556781234',
      area: 'Contabilidad',
      puesto: 'Analista contable',
      turno: 'Matutino',
      registro_patronal: 'Y5412345108',
      antiguedad: 7,
      ingresos_mensuales: 28500,
    },
    referencias_personales: [
      { nombre: 'José Luis Martínez Ortega', relacion: 'Familiar', telefono: '5534567890', direccion: 'Calle Pitágoras 1120, Col. Letrán Valle, Benito Juárez, CDMX' },
      { nombre: 'Claudia Sánchez Morales', relacion: 'Compañero de Trabajo', telefono: '5545678901', direccion: 'Av. Universidad 1330, Col. Del Carmen, Coyoacán, CDMX' },
    ],
    documentos: { ine: false, curp: false, rfc: false, escrituras: false, predial: false, comprobante_domicilio: false, otros: [] },
    documentos_entregados: {
      ine: true,
      curp: true,
      rfc: true,
      escrituras: true,
      predial_pagado: false,
      libre_gravamen: true,
      comprobante_domicilio: true,
      observaciones: 'Escrituras en copia certificada; falta constancia de no adeudo de predial.',
    },
    venta: {
      precio_venta: null,
      comision_venta: null,
      fecha_venta: '',
      estatus_venta: 'En proceso',
      en_venta: false,
      comprador: { nombre: '', telefono: '', correo: '', direccion: '' },
      tipo_credito: '',
      observaciones: '',
      documentos_entregados: { contrato: false, identificacion: false, constancia_credito: false },
    },
    captacion: {
      tipo_captacion: 'Abierta',
      observaciones: 'La propietaria prefiere visitas entre semana por la tarde.',
      fecha: '2025-03-14T16:45:00.000Z',
      asesor: '',
    },
    tipo_tramite: '',
    estatus_actual: 'Captación',
    historial_estatus: [],
  };
  return deepMerge(base, overrides);
}

/** The sale block of a property on sale, to merge into `sampleCaptacion({ venta: sampleVenta() })`. */
export function sampleVenta(): NewCaptacion['venta'] {
  return {
    precio_venta: 4_850_000,
    comision_venta: 4,
    fecha_venta: '2025-06-20',
    estatus_venta: 'Vendida',
    en_venta: true,
    comprador: {
      nombre: 'Ricardo Alejandro Torres Vega',
      telefono: '5567890123',
      correo: 'ricardo.torres@example.com',
      direccion: 'Av. Río Churubusco 601, Col. Xoco, Benito Juárez, CDMX',
    },
    tipo_credito: 'INFONAVIT',
    observaciones: 'Crédito INFONAVIT conyugal aprobado.',
    documentos_entregados: { contrato: true, identificacion: true, constancia_credito: true },
  };
}

/** The same record as the edit form holds it. */
export function sampleCaptacionForm(overrides: DeepPartial<NewCaptacion> = {}): CaptacionForm {
  return docToForm(sampleCaptacion(overrides));
}
