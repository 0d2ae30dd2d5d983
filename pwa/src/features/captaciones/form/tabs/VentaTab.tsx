import { Callout } from '@blueprintjs/core';
import { useFormikContext } from 'formik';
import type { JSX } from 'react';
import { ESTATUS_VENTA_OPTIONS, TIPO_CREDITO_OPTIONS, type CaptacionForm } from '../../../../../../couch-design/captacion';
import { NO_EN_VENTA } from '../../texts';
import { AreaField, CheckField, NumberField, SelectField, TextField } from '../../../../components/form';

export function VentaTab(): JSX.Element {
  const { values } = useFormikContext<CaptacionForm>();
  return (
    <>
      <CheckField name="venta.en_venta" label="La propiedad está en venta" />
      {!values.venta.en_venta ? (
        <Callout compact icon="info-sign" className="form-help">
          {NO_EN_VENTA}
        </Callout>
      ) : (
        <>
          <div className="form-grid">
            <NumberField name="venta.precio_venta" label="Precio de venta" required min={0} unit="$" />
            <NumberField name="venta.comision_venta" label="Comisión (%)" min={0} max={100} unit="%" />
            <TextField name="venta.fecha_venta" label="Fecha de venta" type="date" />
            <SelectField name="venta.estatus_venta" label="Estatus de la venta" options={ESTATUS_VENTA_OPTIONS} />
            <SelectField name="venta.tipo_credito" label="Tipo de crédito" required options={TIPO_CREDITO_OPTIONS} />
          </div>
          <h4 className="page-subtitle">Comprador</h4>
          <div className="form-grid">
            <TextField name="venta.comprador.nombre" label="Nombre del comprador" required className="form-span-2" />
            <TextField name="venta.comprador.telefono" label="Teléfono del comprador" required type="tel" inputMode="tel" maxLength={10} />
            <TextField name="venta.comprador.correo" label="Correo del comprador" type="email" inputMode="email" />
            <TextField name="venta.comprador.direccion" label="Dirección del comprador" className="form-span-all" />
          </div>
          <h4 className="page-subtitle">Documentos de la venta entregados</h4>
          <div className="page-checks">
            <CheckField name="venta.documentos_entregados.contrato" label="Contrato de compraventa" />
            <CheckField name="venta.documentos_entregados.identificacion" label="Identificación del comprador" />
            <CheckField name="venta.documentos_entregados.constancia_credito" label="Aprobación de crédito" />
          </div>
          <AreaField name="venta.observaciones" label="Notas de la venta" />
        </>
      )}
    </>
  );
}
