/**
 * Each section of a version as label/value lines, so two versions can be read side by side on
 * the conflict screen. Pure.
 */
import { addressLine, CAPTACION_LABELS, formToDoc, lastUpdate, SIN_DIRECCION, type Captacion } from '../../../../../couch-design/captacion';
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
        { label: CAPTACION_LABELS.propietario.nombre.entry, value: orDash(p.nombre) },
        { label: CAPTACION_LABELS.propietario.telefono.entry, value: orDash(p.telefono) },
        { label: CAPTACION_LABELS.propietario.correo.entry, value: orDash(p.correo) },
        { label: CAPTACION_LABELS.propietario.direccion.shown, value: orDash(p.direccion) },
        { label: CAPTACION_LABELS.propietario.identificacion.entry, value: orDash(p.identificacion) },
        { label: CAPTACION_LABELS.propietario.estado_civil.entry, value: orDash(p.estado_civil) },
        { label: CAPTACION_LABELS.propietario.nss.entry, value: orDash(p.nss) },
        { label: CAPTACION_LABELS.propietario.rfc.entry, value: orDash(p.rfc) },
        { label: CAPTACION_LABELS.propietario.curp.entry, value: orDash(p.curp) },
      ];
    }
    case 'propiedad': {
      const car = c.propiedad.caracteristicas;
      const address = addressLine(c.propiedad.direccion);
      return [
        { label: CAPTACION_LABELS.propiedad.tipo.shown, value: orDash(c.propiedad.tipo) },
        { label: CAPTACION_LABELS.propiedad.direccion.entry, value: address === SIN_DIRECCION ? VACIO_VALOR : address },
        { label: CAPTACION_LABELS.propiedad.m2_terreno.entry, value: orDash(car.m2_terreno) },
        { label: CAPTACION_LABELS.propiedad.m2_construccion.entry, value: orDash(car.m2_construccion) },
        { label: CAPTACION_LABELS.propiedad.habitaciones.entry, value: orDash(car.habitaciones) },
        { label: CAPTACION_LABELS.propiedad.baños.entry, value: orDash(car.baños) },
        { label: CAPTACION_LABELS.propiedad.cocheras.entry, value: orDash(car.cocheras) },
        { label: CAPTACION_LABELS.propiedad.año_construccion.entry, value: typeof car.año_construccion === 'number' ? String(car.año_construccion) : VACIO_VALOR },
        { label: CAPTACION_LABELS.propiedad.descripcion.entry, value: orDash(car.descripcion) },
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
        { label: CAPTACION_LABELS.laborales.empresa.entry, value: orDash(l.empresa) },
        { label: CAPTACION_LABELS.laborales.puesto.entry, value: orDash(l.puesto) },
        { label: CAPTACION_LABELS.laborales.area.entry, value: orDash(l.area) },
        { label: CAPTACION_LABELS.laborales.turno.entry, value: orDash(l.turno) },
        { label: CAPTACION_LABELS.laborales.antiguedad.entry, value: orDash(l.antiguedad) },
        { label: CAPTACION_LABELS.laborales.ingresos_mensuales.entry, value: money(l.ingresos_mensuales) },
        { label: CAPTACION_LABELS.laborales.telefono.entry, value: orDash(l.telefono) },
        { label: CAPTACION_LABELS.laborales.registro_patronal.entry, value: orDash(l.registro_patronal) },
        { label: CAPTACION_LABELS.laborales.direccion.entry, value: orDash(l.direccion) },
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
        { label: CAPTACION_LABELS.documentos.ine.entry, value: siNo(d.ine) },
        { label: CAPTACION_LABELS.documentos.escrituras.entry, value: siNo(d.escrituras) },
        { label: CAPTACION_LABELS.documentos.curp.entry, value: siNo(d.curp) },
        { label: CAPTACION_LABELS.documentos.rfc.entry, value: siNo(d.rfc) },
        { label: CAPTACION_LABELS.documentos.comprobante_domicilio.entry, value: siNo(d.comprobante_domicilio) },
        { label: CAPTACION_LABELS.documentos.predial_pagado.entry, value: siNo(d.predial_pagado) },
        { label: CAPTACION_LABELS.documentos.libre_gravamen.entry, value: siNo(d.libre_gravamen) },
        { label: CAPTACION_LABELS.documentos.observaciones.entry, value: orDash(d.observaciones) },
      ];
    }
    case 'venta': {
      const v = c.venta;
      const lines: Line[] = [{ label: CAPTACION_LABELS.venta.en_venta.shown, value: siNo(v.en_venta) }];
      if (!v.en_venta) return lines;
      return [
        ...lines,
        { label: CAPTACION_LABELS.venta.precio_venta.entry, value: money(v.precio_venta) },
        { label: CAPTACION_LABELS.venta.comision_venta.entry, value: orDash(v.comision_venta) },
        { label: CAPTACION_LABELS.venta.fecha_venta.entry, value: date(v.fecha_venta) },
        { label: CAPTACION_LABELS.venta.estatus_venta.entry, value: orDash(v.estatus_venta) },
        { label: CAPTACION_LABELS.venta.tipo_credito.entry, value: orDash(v.tipo_credito) },
        { label: CAPTACION_LABELS.comprador.nombre.printed, value: [v.comprador.nombre, v.comprador.telefono, v.comprador.correo].filter(Boolean).join(' · ') || VACIO_VALOR },
        { label: CAPTACION_LABELS.venta.observaciones.entry, value: orDash(v.observaciones) },
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
