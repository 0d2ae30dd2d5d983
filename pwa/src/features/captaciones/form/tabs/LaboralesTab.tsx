import type { JSX } from 'react';
import { CAPTACION_LABELS, TURNO_OPTIONS } from '../../../../../../couch-design/captacion';
import { AreaField, NumberField, SelectField, TextField } from '../../../../components/form';

export function LaboralesTab(): JSX.Element {
  return (
    <div className="form-grid">
      <TextField name="datos_laborales.empresa" label={CAPTACION_LABELS.laborales.empresa.entry} className="form-span-2" />
      <TextField name="datos_laborales.puesto" label={CAPTACION_LABELS.laborales.puesto.entry} />
      <TextField name="datos_laborales.area" label={CAPTACION_LABELS.laborales.area.entry} />
      <SelectField name="datos_laborales.turno" label={CAPTACION_LABELS.laborales.turno.entry} options={TURNO_OPTIONS} />
      <TextField name="datos_laborales.registro_patronal" label={CAPTACION_LABELS.laborales.registro_patronal.entry} />
      <TextField name="datos_laborales.telefono" label={CAPTACION_LABELS.laborales.telefono.entry} type="tel" inputMode="tel" />
      <NumberField name="datos_laborales.antiguedad" label={CAPTACION_LABELS.laborales.antiguedad.entry} min={0} unit="años" />
      <NumberField name="datos_laborales.ingresos_mensuales" label={CAPTACION_LABELS.laborales.ingresos_mensuales.entry} min={0} unit="$" />
      <AreaField name="datos_laborales.direccion" label={CAPTACION_LABELS.laborales.direccion.entry} className="form-span-all" rows={2} />
    </div>
  );
}
