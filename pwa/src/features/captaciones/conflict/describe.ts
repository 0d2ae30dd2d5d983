/**
 * Each section of a version as label/value lines, so two versions can be read side by side on
 * the conflict screen. Pure.
 */
import { addressLine, formToDoc, lastUpdate, SIN_DIRECCION, type Captacion } from '../../../../../couch-design/captacion';
import { formatDateTime } from '../../../../../couch-design/format';
import { date, money, orDash, siNo, VACIO_VALOR } from '../../../components/feedback';
import { SIN_ADEUDOS, SIN_REFERENCIAS_DETALLE } from '../texts';
import type { SectionKey } from './merge';

export interface Line {
  label: string;
  value: string;
}

export function describeSection(raw: Captacion, key: SectionKey): Line[] {
  const c = formToDoc(raw as unknown as Record<string, unknown>);
  switch (key) {
    case 'propietario': {
      const p = c.propietario;
      return [
        { label: 'Nombre', value: orDash(p.nombre) },
        { label: 'Teléfono', value: orDash(p.telefono) },
        { label: 'Correo electrónico', value: orDash(p.correo) },
        { label: 'Dirección', value: orDash(p.direccion) },
        { label: 'Identificación', value: orDash(p.identificacion) },
        { label: 'Estado civil', value: orDash(p.estado_civil) },
        { label: 'NSS', value: orDash(p.nss) },
        { label: 'RFC', value: orDash(p.rfc) },
        { label: 'CURP', value: orDash(p.curp) },
      ];
    }
    case 'propiedad': {
      const car = c.propiedad.caracteristicas;
      const address = addressLine(c.propiedad.direccion);
      return [
        { label: 'Tipo', value: orDash(c.propiedad.tipo) },
        { label: 'Dirección', value: address === SIN_DIRECCION ? VACIO_VALOR : address },
        { label: 'Terreno (m²)', value: orDash(car.m2_terreno) },
        { label: 'Construcción (m²)', value: orDash(car.m2_construccion) },
        { label: 'Recámaras', value: orDash(car.habitaciones) },
        { label: 'Baños', value: orDash(car.baños) },
        { label: 'Cocheras', value: orDash(car.cocheras) },
        { label: 'Año de construcción', value: typeof car.año_construccion === 'number' ? String(car.año_construccion) : VACIO_VALOR },
        { label: 'Descripción', value: orDash(car.descripcion) },
      ];
    }
    case 'adeudos':
      return c.propiedad.adeudos.length === 0
        ? [{ label: 'Adeudos', value: SIN_ADEUDOS }]
        : c.propiedad.adeudos.map((a, i) => ({
            label: `Adeudo ${i + 1}`,
            value: [orDash(a.tipo), money(a.monto), a.numero_referencia ? `Ref. ${a.numero_referencia}` : '', a.descripcion].filter(Boolean).join(' · '),
          }));
    case 'datos_laborales': {
      const l = c.datos_laborales;
      return [
        { label: 'Empresa', value: orDash(l.empresa) },
        { label: 'Puesto', value: orDash(l.puesto) },
        { label: 'Área o departamento', value: orDash(l.area) },
        { label: 'Turno', value: orDash(l.turno) },
        { label: 'Antigüedad (años)', value: orDash(l.antiguedad) },
        { label: 'Ingresos mensuales', value: money(l.ingresos_mensuales) },
        { label: 'Teléfono del trabajo', value: orDash(l.telefono) },
        { label: 'Registro patronal', value: orDash(l.registro_patronal) },
        { label: 'Dirección del trabajo', value: orDash(l.direccion) },
      ];
    }
    case 'referencias':
      return c.referencias_personales.length === 0
        ? [{ label: 'Referencias', value: SIN_REFERENCIAS_DETALLE }]
        : c.referencias_personales.map((r, i) => ({
            label: `Referencia ${i + 1}`,
            value: [orDash(r.nombre), r.relacion, r.telefono, r.direccion].filter(Boolean).join(' · '),
          }));
    case 'documentos': {
      const d = c.documentos_entregados;
      return [
        { label: 'INE', value: siNo(d.ine) },
        { label: 'Escrituras', value: siNo(d.escrituras) },
        { label: 'CURP', value: siNo(d.curp) },
        { label: 'RFC', value: siNo(d.rfc) },
        { label: 'Comprobante de domicilio', value: siNo(d.comprobante_domicilio) },
        { label: 'Predial pagado', value: siNo(d.predial_pagado) },
        { label: 'Libre de gravamen', value: siNo(d.libre_gravamen) },
        { label: 'Notas', value: orDash(d.observaciones) },
      ];
    }
    case 'venta': {
      const v = c.venta;
      const lines: Line[] = [{ label: 'En venta', value: siNo(v.en_venta) }];
      if (!v.en_venta) return lines;
      return [
        ...lines,
        { label: 'Precio de venta', value: money(v.precio_venta) },
        { label: 'Comisión (%)', value: orDash(v.comision_venta) },
        { label: 'Fecha de venta', value: date(v.fecha_venta) },
        { label: 'Estatus de la venta', value: orDash(v.estatus_venta) },
        { label: 'Tipo de crédito', value: orDash(v.tipo_credito) },
        { label: 'Comprador', value: [v.comprador.nombre, v.comprador.telefono, v.comprador.correo].filter(Boolean).join(' · ') || VACIO_VALOR },
        { label: 'Notas de la venta', value: orDash(v.observaciones) },
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
