/** The seven read-only tabs of the detail screen (spec 001 section 2.6). */
import { Card, Icon, Tag } from '@blueprintjs/core';
import type { JSX } from 'react';
import {
  addressLine,
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
        { label: 'Nombre', value: orDash(p.nombre) },
        { label: 'Teléfono', value: orDash(p.telefono) },
        { label: 'Correo electrónico', value: orDash(p.correo) },
        { label: 'Dirección', value: orDash(p.direccion), wide: true },
        { label: 'Identificación', value: orDash(p.identificacion) },
        { label: 'NSS', value: orDash(p.nss) },
        { label: 'RFC', value: orDash(p.rfc) },
        { label: 'CURP', value: orDash(p.curp) },
        { label: 'Estado civil', value: orDash(p.estado_civil) },
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
        { label: 'Tipo', value: orDash(c.propiedad.tipo) },
        { label: 'Dirección', value: address === SIN_DIRECCION ? VACIO_VALOR : address, wide: true },
        { label: 'Terreno', value: withUnit(car.m2_terreno, 'm²') },
        { label: 'Construcción', value: withUnit(car.m2_construccion, 'm²') },
        { label: 'Recámaras', value: orDash(car.habitaciones) },
        { label: 'Baños', value: orDash(car.baños) },
        { label: 'Cocheras', value: orDash(car.cocheras) },
        { label: 'Año de construcción', value: typeof car.año_construccion === 'number' ? String(car.año_construccion) : VACIO_VALOR },
        { label: 'Descripción', value: orDash(car.descripcion), wide: true },
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
              { label: 'Monto', value: money(a.monto) },
              { label: 'Número de referencia', value: orDash(a.numero_referencia) },
              { label: 'Descripción', value: orDash(a.descripcion), wide: true },
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
        { label: 'Empresa', value: orDash(l.empresa) },
        { label: 'Puesto', value: orDash(l.puesto) },
        { label: 'Área o departamento', value: orDash(l.area) },
        { label: 'Turno', value: orDash(l.turno) },
        { label: 'Antigüedad', value: withUnit(l.antiguedad, l.antiguedad === 1 ? 'año' : 'años') },
        { label: 'Ingresos mensuales', value: money(l.ingresos_mensuales) },
        { label: 'Teléfono del trabajo', value: orDash(l.telefono) },
        { label: 'Registro patronal', value: orDash(l.registro_patronal) },
        { label: 'Dirección del trabajo', value: orDash(l.direccion), wide: true },
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
        <ReadOnlyCheck label="INE" checked={d.ine} />
        <ReadOnlyCheck label="CURP" checked={d.curp} />
        <ReadOnlyCheck label="RFC" checked={d.rfc} />
        <ReadOnlyCheck label="Escrituras" checked={d.escrituras} />
        <ReadOnlyCheck label="Comprobante de domicilio" checked={d.comprobante_domicilio} />
        <ReadOnlyCheck label="Predial pagado" checked={d.predial_pagado} />
        <ReadOnlyCheck label="Libre de gravamen" checked={d.libre_gravamen} />
      </div>
      <Facts items={[{ label: 'Observaciones', value: orDash(d.observaciones), wide: true }]} />
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
            label: 'En venta',
            value: (
              <Tag round intent={v.en_venta ? 'success' : 'none'}>
                {siNo(v.en_venta)}
              </Tag>
            ),
          },
          { label: 'Precio de venta', value: money(v.precio_venta) },
          { label: 'Comisión', value: typeof v.comision_venta === 'number' ? `${orDash(v.comision_venta)} %` : VACIO_VALOR },
          { label: 'Fecha de venta', value: date(v.fecha_venta) },
          { label: 'Estatus de la venta', value: <StatusTag chip={saleStatusChip(v.estatus_venta)} /> },
          { label: 'Tipo de crédito', value: orDash(v.tipo_credito) },
          { label: 'Observaciones', value: orDash(v.observaciones), wide: true },
        ]}
      />
      <h4 className="page-subtitle">Comprador</h4>
      <Facts
        items={[
          { label: 'Nombre', value: orDash(v.comprador.nombre) },
          { label: 'Teléfono', value: orDash(v.comprador.telefono) },
          { label: 'Correo electrónico', value: orDash(v.comprador.correo) },
          { label: 'Dirección', value: orDash(v.comprador.direccion), wide: true },
        ]}
      />
      <h4 className="page-subtitle">Documentos de la venta</h4>
      <div className="page-checks">
        <ReadOnlyCheck label="Contrato" checked={v.documentos_entregados.contrato} />
        <ReadOnlyCheck label="Identificación" checked={v.documentos_entregados.identificacion} />
        <ReadOnlyCheck label="Constancia de crédito" checked={v.documentos_entregados.constancia_credito} />
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
