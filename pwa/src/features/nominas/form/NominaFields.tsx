/** The fields of the create and edit forms: Salario, Fecha de Pago and the multiline Concepto de Pago. */
import type { JSX } from 'react';
import { AreaField, NumberField, TextField } from '../../../components/form';
import { CAMPO_CONCEPTO, CAMPO_FECHA, CAMPO_SALARIO } from '../texts';

export function NominaFields(): JSX.Element {
  return (
    <div className="form-grid">
      <NumberField name="salario" label={CAMPO_SALARIO} required min={0} step={0.01} unit="MXN" />
      <TextField name="fecha" label={CAMPO_FECHA} type="date" required />
      <AreaField name="conceptoDePago" label={CAMPO_CONCEPTO} required rows={3} className="form-span-all" />
    </div>
  );
}
