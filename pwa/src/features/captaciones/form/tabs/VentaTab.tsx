import { Callout } from '@blueprintjs/core';
import { useFormikContext } from 'formik';
import type { JSX } from 'react';
import { CAPTACION_LABELS, ESTATUS_VENTA_OPTIONS, TIPO_CREDITO_OPTIONS, type CaptacionForm } from '../../../../../../couch-design/captacion';
import { NO_EN_VENTA } from '../../texts';
import { AreaField, CheckField, NumberField, SelectField, TextField } from '../../../../components/form';

export function VentaTab(): JSX.Element {
  const { values } = useFormikContext<CaptacionForm>();
  return (
    <>
      <CheckField name="venta.en_venta" label={CAPTACION_LABELS.venta.en_venta.entry} />
      {!values.venta.en_venta ? (
        <Callout compact icon="info-sign" className="form-help">
          {NO_EN_VENTA}
        </Callout>
      ) : (
        <>
          <div className="form-grid">
            <NumberField name="venta.precio_venta" label={CAPTACION_LABELS.venta.precio_venta.entry} required min={0} unit="$" />
            <NumberField name="venta.comision_venta" label={CAPTACION_LABELS.venta.comision_venta.entry} min={0} max={100} unit="%" />
            <TextField name="venta.fecha_venta" label={CAPTACION_LABELS.venta.fecha_venta.entry} type="date" />
            <SelectField name="venta.estatus_venta" label={CAPTACION_LABELS.venta.estatus_venta.entry} options={ESTATUS_VENTA_OPTIONS} />
            <SelectField name="venta.tipo_credito" label={CAPTACION_LABELS.venta.tipo_credito.entry} required options={TIPO_CREDITO_OPTIONS} />
          </div>
          <h4 className="page-subtitle">Comprador</h4>
          <div className="form-grid">
            <TextField name="venta.comprador.nombre" label={CAPTACION_LABELS.comprador.nombre.entry} required className="form-span-2" />
            <TextField name="venta.comprador.telefono" label={CAPTACION_LABELS.comprador.telefono.entry} required type="tel" inputMode="tel" maxLength={10} />
            <TextField name="venta.comprador.correo" label={CAPTACION_LABELS.comprador.correo.entry} type="email" inputMode="email" />
            <TextField name="venta.comprador.direccion" label={CAPTACION_LABELS.comprador.direccion.entry} className="form-span-all" />
          </div>
          <h4 className="page-subtitle">Documentos de la venta entregados</h4>
          <div className="page-checks">
            <CheckField name="venta.documentos_entregados.contrato" label={CAPTACION_LABELS.documentosVenta.contrato.entry} />
            <CheckField name="venta.documentos_entregados.identificacion" label={CAPTACION_LABELS.documentosVenta.identificacion.entry} />
            <CheckField name="venta.documentos_entregados.constancia_credito" label={CAPTACION_LABELS.documentosVenta.constancia_credito.entry} />
          </div>
          <AreaField name="venta.observaciones" label={CAPTACION_LABELS.venta.observaciones.entry} />
        </>
      )}
    </>
  );
}
