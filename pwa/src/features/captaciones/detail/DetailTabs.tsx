/** The seven read-only tabs of the detail screen (spec 001 section 2.6). */
import { Card, Icon, Tag } from '@blueprintjs/core';
import type { JSX } from 'react';
import {
  addressLine,
  CAPTACION_LABELS,
  CAPTACION_TABS,
  debtStatusChip,
  saleStatusChip,
  SIN_DIRECCION,
  type Captacion,
} from '../../../../../couch-design/captacion';
import { Avatar, date, Facts, money, orDash, ReadOnlyCheck, siNo, StatusTag, VACIO_VALOR, withUnit } from '../../../components/feedback';
import { PanelTabs } from '../../../components/page';
import { SIN_ADEUDOS, SIN_REFERENCIAS_DETALLE } from '../texts';

function Propietario({ c }: { c: Captacion }): JSX.Element {
  const p = c.propietario;
  return (
    <Facts
      items={[
        { label: CAPTACION_LABELS.propietario.nombre.shown, value: orDash(p.nombre) },
        { label: CAPTACION_LABELS.propietario.telefono.shown, value: orDash(p.telefono) },
        { label: CAPTACION_LABELS.propietario.correo.shown, value: orDash(p.correo) },
        { label: CAPTACION_LABELS.propietario.direccion.shown, value: orDash(p.direccion), wide: true },
        { label: CAPTACION_LABELS.propietario.identificacion.shown, value: orDash(p.identificacion) },
        { label: CAPTACION_LABELS.propietario.nss.shown, value: orDash(p.nss) },
        { label: CAPTACION_LABELS.propietario.rfc.shown, value: orDash(p.rfc) },
        { label: CAPTACION_LABELS.propietario.curp.shown, value: orDash(p.curp) },
        { label: CAPTACION_LABELS.propietario.estado_civil.shown, value: orDash(p.estado_civil) },
      ]}
    />
  );
}

function Propiedad({ c }: { c: Captacion }): JSX.Element {
  const car = c.propiedad.caracteristicas;
  const address = addressLine(c.propiedad.direccion);
  return (
    <Facts
      items={[
        { label: CAPTACION_LABELS.propiedad.tipo.shown, value: orDash(c.propiedad.tipo) },
        { label: CAPTACION_LABELS.propiedad.direccion.shown, value: address === SIN_DIRECCION ? VACIO_VALOR : address, wide: true },
        { label: CAPTACION_LABELS.propiedad.m2_terreno.shown, value: withUnit(car.m2_terreno, 'm²') },
        { label: CAPTACION_LABELS.propiedad.m2_construccion.shown, value: withUnit(car.m2_construccion, 'm²') },
        { label: CAPTACION_LABELS.propiedad.habitaciones.shown, value: orDash(car.habitaciones) },
        { label: CAPTACION_LABELS.propiedad.baños.shown, value: orDash(car.baños) },
        { label: CAPTACION_LABELS.propiedad.cocheras.shown, value: orDash(car.cocheras) },
        { label: CAPTACION_LABELS.propiedad.año_construccion.shown, value: typeof car.año_construccion === 'number' ? String(car.año_construccion) : VACIO_VALOR },
        { label: CAPTACION_LABELS.propiedad.descripcion.shown, value: orDash(car.descripcion), wide: true },
      ]}
    />
  );
}

function Adeudos({ c }: { c: Captacion }): JSX.Element {
  const list = c.propiedad.adeudos;
  if (list.length === 0) return <p className="page-empty">{SIN_ADEUDOS}</p>;
  return (
    <div className="page-cards">
      {list.map((a, i) => (
        <Card key={i} className="page-row-card">
          <div className="page-row-card__head">
            <strong>{orDash(a.tipo)}</strong>
            <StatusTag chip={debtStatusChip(a.estatus)} />
          </div>
          <Facts
            items={[
              { label: CAPTACION_LABELS.adeudo.monto.shown, value: money(a.monto) },
              { label: CAPTACION_LABELS.adeudo.numero_referencia.shown, value: orDash(a.numero_referencia) },
              { label: CAPTACION_LABELS.adeudo.descripcion.shown, value: orDash(a.descripcion), wide: true },
            ]}
          />
        </Card>
      ))}
    </div>
  );
}

function Laborales({ c }: { c: Captacion }): JSX.Element {
  const l = c.datos_laborales;
  return (
    <Facts
      items={[
        { label: CAPTACION_LABELS.laborales.empresa.shown, value: orDash(l.empresa) },
        { label: CAPTACION_LABELS.laborales.puesto.shown, value: orDash(l.puesto) },
        { label: CAPTACION_LABELS.laborales.area.shown, value: orDash(l.area) },
        { label: CAPTACION_LABELS.laborales.turno.shown, value: orDash(l.turno) },
        { label: CAPTACION_LABELS.laborales.antiguedad.shown, value: withUnit(l.antiguedad, l.antiguedad === 1 ? 'año' : 'años') },
        { label: CAPTACION_LABELS.laborales.ingresos_mensuales.shown, value: money(l.ingresos_mensuales) },
        { label: CAPTACION_LABELS.laborales.telefono.shown, value: orDash(l.telefono) },
        { label: CAPTACION_LABELS.laborales.registro_patronal.shown, value: orDash(l.registro_patronal) },
        { label: CAPTACION_LABELS.laborales.direccion.shown, value: orDash(l.direccion), wide: true },
      ]}
    />
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase();
}

function Referencias({ c }: { c: Captacion }): JSX.Element {
  const refs = c.referencias_personales;
  if (refs.length === 0) return <p className="page-empty">{SIN_REFERENCIAS_DETALLE}</p>;
  return (
    <div className="page-cards">
      {refs.map((r, i) => (
        <Card key={i} className="cap-ref-card">
          <Avatar src={r.avatar} letters={initials(r.nombre || '?')} />
          <div>
            <strong>{orDash(r.nombre)}</strong>
            <div className="page-muted">{orDash(r.relacion)}</div>
            <div>
              <Icon icon="phone" size={12} /> {orDash(r.telefono)}
            </div>
            <div className="page-muted">{orDash(r.direccion)}</div>
          </div>
        </Card>
      ))}
    </div>
  );
}

function Documentos({ c }: { c: Captacion }): JSX.Element {
  const d = c.documentos_entregados;
  return (
    <>
      <div className="page-checks">
        <ReadOnlyCheck label={CAPTACION_LABELS.documentos.ine.shown} checked={d.ine} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentos.curp.shown} checked={d.curp} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentos.rfc.shown} checked={d.rfc} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentos.escrituras.shown} checked={d.escrituras} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentos.comprobante_domicilio.shown} checked={d.comprobante_domicilio} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentos.predial_pagado.shown} checked={d.predial_pagado} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentos.libre_gravamen.shown} checked={d.libre_gravamen} />
      </div>
      <Facts items={[{ label: CAPTACION_LABELS.documentos.observaciones.shown, value: orDash(d.observaciones), wide: true }]} />
    </>
  );
}

function Venta({ c }: { c: Captacion }): JSX.Element {
  const v = c.venta;
  return (
    <>
      <Facts
        items={[
          {
            label: CAPTACION_LABELS.venta.en_venta.shown,
            value: (
              <Tag round intent={v.en_venta ? 'success' : 'none'}>
                {siNo(v.en_venta)}
              </Tag>
            ),
          },
          { label: CAPTACION_LABELS.venta.precio_venta.shown, value: money(v.precio_venta) },
          { label: CAPTACION_LABELS.venta.comision_venta.shown, value: typeof v.comision_venta === 'number' ? `${orDash(v.comision_venta)} %` : VACIO_VALOR },
          { label: CAPTACION_LABELS.venta.fecha_venta.shown, value: date(v.fecha_venta) },
          { label: CAPTACION_LABELS.venta.estatus_venta.shown, value: <StatusTag chip={saleStatusChip(v.estatus_venta)} /> },
          { label: CAPTACION_LABELS.venta.tipo_credito.shown, value: orDash(v.tipo_credito) },
          { label: CAPTACION_LABELS.venta.observaciones.shown, value: orDash(v.observaciones), wide: true },
        ]}
      />
      <h4 className="page-subtitle">Comprador</h4>
      <Facts
        items={[
          { label: CAPTACION_LABELS.comprador.nombre.shown, value: orDash(v.comprador.nombre) },
          { label: CAPTACION_LABELS.comprador.telefono.shown, value: orDash(v.comprador.telefono) },
          { label: CAPTACION_LABELS.comprador.correo.shown, value: orDash(v.comprador.correo) },
          { label: CAPTACION_LABELS.comprador.direccion.shown, value: orDash(v.comprador.direccion), wide: true },
        ]}
      />
      <h4 className="page-subtitle">Documentos de la venta</h4>
      <div className="page-checks">
        <ReadOnlyCheck label={CAPTACION_LABELS.documentosVenta.contrato.shown} checked={v.documentos_entregados.contrato} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentosVenta.identificacion.shown} checked={v.documentos_entregados.identificacion} />
        <ReadOnlyCheck label={CAPTACION_LABELS.documentosVenta.constancia_credito.shown} checked={v.documentos_entregados.constancia_credito} />
      </div>
    </>
  );
}

const PANELS = [Propietario, Propiedad, Adeudos, Laborales, Referencias, Documentos, Venta];

export function DetailTabs({ captacion }: { captacion: Captacion }): JSX.Element {
  const tabs = CAPTACION_TABS.map((title, i) => {
    const Section = PANELS[i];
    return { title, panel: <Section c={captacion} /> };
  });
  return <PanelTabs id="captacion-detalle-tabs" tabs={tabs} />;
}
