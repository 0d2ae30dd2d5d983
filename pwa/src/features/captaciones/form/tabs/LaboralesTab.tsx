import type { JSX } from 'react';
import { TURNO_OPTIONS } from '../../../../../../couch-design/captacion';
import { AreaField, NumberField, SelectField, TextField } from '../../../../components/form';

export function LaboralesTab(): JSX.Element {
  return (
    <div className="form-grid">
      <TextField name="datos_laborales.empresa" label="Empresa" className="form-span-2" />
      <TextField name="datos_laborales.puesto" label="Puesto" />
      <TextField name="datos_laborales.area" label="Área o departamento" />
      <SelectField name="datos_laborales.turno" label="Turno" options={TURNO_OPTIONS} />
      <TextField name="datos_laborales.registro_patronal" label="Registro patronal" />
      <TextField name="datos_laborales.telefono" label="Teléfono del trabajo" type="tel" inputMode="tel" />
      <NumberField name="datos_laborales.antiguedad" label="Antigüedad (años)" min={0} unit="años" />
      <NumberField name="datos_laborales.ingresos_mensuales" label="Ingresos mensuales" min={0} unit="$" />
      <AreaField name="datos_laborales.direccion" label="Dirección del trabajo" className="form-span-all" rows={2} />
    </div>
  );
}
