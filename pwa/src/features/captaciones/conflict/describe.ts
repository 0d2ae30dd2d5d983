/**
 * Each section of a version as label/value lines, so two versions can be read side by side on
 * the conflict screen. Pure.
 */
import { addressLine, formToDoc, lastUpdate, SIN_DIRECCION, type Captacion } from '../../../../../couch-design/captacion';
import { formatDate, formatDateTime, formatMoney } from '../../../../../couch-design/format';
import { SIN_ADEUDOS, SIN_REFERENCIAS_DETALLE } from '../texts';
import type { SectionKey } from './merge';

export interface Line {
  label: string;
  value: string;
}

const dash = (v: unknown): string => {
  if (typeof v === 'number') return Number.isFinite(v) ? v.toLocaleString('es-MX') : '-';
  if (typeof v === 'string') return v.trim() || '-';
  return '-';
};
const yes = (v: unknown): string => (v === true ? 'Sí' : 'No');
const money = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? formatMoney(v) : '-');

export function describeSection(raw: Captacion, key: SectionKey): Line[] {
  const c = formToDoc(raw as unknown as Record<string, unknown>);
  switch (key) {
    case 'propietario': {
      const p = c.propietario;
      return [
        { label: 'Nombre', value: dash(p.nombre) },
        { label: 'Teléfono', value: dash(p.telefono) },
        { label: 'Correo electrónico', value: dash(p.correo) },
        { label: 'Dirección', value: dash(p.direccion) },
        { label: 'Identificación', value: dash(p.identificacion) },
        { label: 'Estado civil', value: dash(p.estado_civil) },
        { label: 'NSS', value: dash(p.nss) },
        { label: 'RFC', value: dash(p.rfc) },
        { label: 'CURP', value: dash(p.curp) },
      ];
    }
    case 'propiedad': {
      const car = c.propiedad.caracteristicas;
      const address = addressLine(c.propiedad.direccion);
      return [
        { label: 'Tipo', value: dash(c.propiedad.tipo) },
        { label: 'Dirección', value: address === SIN_DIRECCION ? '-' : address },
        { label: 'Terreno (m²)', value: dash(car.m2_terreno) },
        { label: 'Construcción (m²)', value: dash(car.m2_construccion) },
        { label: 'Recámaras', value: dash(car.habitaciones) },
        { label: 'Baños', value: dash(car.baños) },
        { label: 'Cocheras', value: dash(car.cocheras) },
        { label: 'Año de construcción', value: typeof car.año_construccion === 'number' ? String(car.año_construccion) : '-' },
        { label: 'Descripción', value: dash(car.descripcion) },
      ];
    }
    case 'adeudos':
      return c.propiedad.adeudos.length === 0
        ? [{ label: 'Adeudos', value: SIN_ADEUDOS }]
        : c.propiedad.adeudos.map((a, i) => ({
            label: `Adeudo ${i + 1}`,
            value: [dash(a.tipo), money(a.monto), a.numero_referencia ? `Ref. ${a.numero_referencia}` : '', a.descripcion].filter(Boolean).join(' · '),
          }));
    case 'datos_laborales': {
      const l = c.datos_laborales;
      return [
        { label: 'Empresa', value: dash(l.empresa) },
        { label: 'Puesto', value: dash(l.puesto) },
        { label: 'Área o departamento', value: dash(l.area) },
        { label: 'Turno', value: dash(l.turno) },
        { label: 'Antigüedad (años)', value: dash(l.antiguedad) },
        { label: 'Ingresos mensuales', value: money(l.ingresos_mensuales) },
        { label: 'Teléfono del trabajo', value: dash(l.telefono) },
        { label: 'Registro patronal', value: dash(l.registro_patronal) },
        { label: 'Dirección del trabajo', value: dash(l.direccion) },
      ];
    }
    case 'referencias':
      return c.referencias_personales.length === 0
        ? [{ label: 'Referencias', value: SIN_REFERENCIAS_DETALLE }]
        : c.referencias_personales.map((r, i) => ({
            label: `Referencia ${i + 1}`,
            value: [dash(r.nombre), r.relacion, r.telefono, r.direccion].filter(Boolean).join(' · '),
          }));
    case 'documentos': {
      const d = c.documentos_entregados;
      return [
        { label: 'INE', value: yes(d.ine) },
        { label: 'Escrituras', value: yes(d.escrituras) },
        { label: 'CURP', value: yes(d.curp) },
        { label: 'RFC', value: yes(d.rfc) },
        { label: 'Comprobante de domicilio', value: yes(d.comprobante_domicilio) },
        { label: 'Predial pagado', value: yes(d.predial_pagado) },
        { label: 'Libre de gravamen', value: yes(d.libre_gravamen) },
        { label: 'Notas', value: dash(d.observaciones) },
      ];
    }
    case 'venta': {
      const v = c.venta;
      const lines: Line[] = [{ label: 'En venta', value: yes(v.en_venta) }];
      if (!v.en_venta) return lines;
      return [
        ...lines,
        { label: 'Precio de venta', value: money(v.precio_venta) },
        { label: 'Comisión (%)', value: dash(v.comision_venta) },
        { label: 'Fecha de venta', value: formatDate(v.fecha_venta, '-') },
        { label: 'Estatus de la venta', value: dash(v.estatus_venta) },
        { label: 'Tipo de crédito', value: dash(v.tipo_credito) },
        { label: 'Comprador', value: [v.comprador.nombre, v.comprador.telefono, v.comprador.correo].filter(Boolean).join(' · ') || '-' },
        { label: 'Notas de la venta', value: dash(v.observaciones) },
      ];
    }
  }
}

/** 'Versión A · María López, 03/05/2026 10:15' – who wrote it, when the server stamped it. */
export function versionLabel(doc: Captacion, index: number): string {
  const letter = String.fromCharCode(65 + index);
  const last = lastUpdate(doc);
  const who = last ? `${last.usuario}${last.fecha ? `, ${formatDateTime(last.fecha, '')}` : ''}` : 'sin registro de edición';
  return `Versión ${letter} · ${who}`;
}
