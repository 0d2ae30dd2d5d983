import type { JSX } from 'react';
import { CAPTACION_LABELS, ESTADOS_MEXICO, TIPO_PROPIEDAD_OPTIONS } from '../../../../../../couch-design/captacion';
import { AreaField, NumberField, SelectField, TextField } from '../../../../components/form';
import { FotosDelFormulario } from '../../fotos';

export function PropiedadTab(): JSX.Element {
  return (
    <>
      <div className="form-grid">
        <SelectField name="propiedad.tipo" label={CAPTACION_LABELS.propiedad.tipo.entry} required options={TIPO_PROPIEDAD_OPTIONS} />
      </div>
      <h4 className="page-subtitle">Dirección</h4>
      <div className="form-grid">
        <TextField name="propiedad.direccion.calle" label={CAPTACION_LABELS.propiedad.calle.entry} required className="form-span-2" />
        <TextField name="propiedad.direccion.numero" label={CAPTACION_LABELS.propiedad.numero.entry} required />
        <TextField name="propiedad.direccion.colonia" label={CAPTACION_LABELS.propiedad.colonia.entry} required />
        <TextField name="propiedad.direccion.ciudad" label={CAPTACION_LABELS.propiedad.ciudad.entry} required />
        <SelectField name="propiedad.direccion.estado" label={CAPTACION_LABELS.propiedad.estado.entry} required options={ESTADOS_MEXICO} />
        <TextField name="propiedad.direccion.codigo_postal" label={CAPTACION_LABELS.propiedad.codigo_postal.entry} required inputMode="numeric" maxLength={5} />
      </div>
      <h4 className="page-subtitle">Características</h4>
      <div className="form-grid">
        <NumberField name="propiedad.caracteristicas.m2_terreno" label={CAPTACION_LABELS.propiedad.m2_terreno.entry} required min={0} unit="m²" />
        <NumberField name="propiedad.caracteristicas.m2_construccion" label={CAPTACION_LABELS.propiedad.m2_construccion.entry} required min={0} unit="m²" />
        <NumberField name="propiedad.caracteristicas.habitaciones" label={CAPTACION_LABELS.propiedad.habitaciones.entry} required min={0} step={1} />
        <NumberField name="propiedad.caracteristicas.baños" label={CAPTACION_LABELS.propiedad.baños.entry} required min={0} step={0.5} />
        <NumberField name="propiedad.caracteristicas.cocheras" label={CAPTACION_LABELS.propiedad.cocheras.entry} min={0} step={1} />
        <NumberField name="propiedad.caracteristicas.año_construccion" label={CAPTACION_LABELS.propiedad.año_construccion.entry} min={1800} step={1} />
        <AreaField name="propiedad.caracteristicas.descripcion" label={CAPTACION_LABELS.propiedad.descripcion.entry} className="form-span-all" />
      </div>
      <FotosDelFormulario />
    </>
  );
}
