import type { JSX } from 'react';
import { ESTADOS_MEXICO, TIPO_PROPIEDAD_OPTIONS } from '../../../../../../couch-design/captacion';
import { AreaField, NumberField, SelectField, TextField } from '../../../../components/form';

export function PropiedadTab(): JSX.Element {
  return (
    <>
      <div className="form-grid">
        <SelectField name="propiedad.tipo" label="Tipo de propiedad" required options={TIPO_PROPIEDAD_OPTIONS} />
      </div>
      <h4 className="page-subtitle">Dirección</h4>
      <div className="form-grid">
        <TextField name="propiedad.direccion.calle" label="Calle" required className="form-span-2" />
        <TextField name="propiedad.direccion.numero" label="Número" required />
        <TextField name="propiedad.direccion.colonia" label="Colonia" required />
        <TextField name="propiedad.direccion.ciudad" label="Ciudad" required />
        <SelectField name="propiedad.direccion.estado" label="Estado" required options={ESTADOS_MEXICO} />
        <TextField name="propiedad.direccion.codigo_postal" label="Código postal" required inputMode="numeric" maxLength={5} />
      </div>
      <h4 className="page-subtitle">Características</h4>
      <div className="form-grid">
        <NumberField name="propiedad.caracteristicas.m2_terreno" label="Terreno (m²)" required min={0} unit="m²" />
        <NumberField name="propiedad.caracteristicas.m2_construccion" label="Construcción (m²)" required min={0} unit="m²" />
        <NumberField name="propiedad.caracteristicas.habitaciones" label="Recámaras" required min={0} step={1} />
        <NumberField name="propiedad.caracteristicas.baños" label="Baños" required min={0} step={0.5} />
        <NumberField name="propiedad.caracteristicas.cocheras" label="Cocheras" min={0} step={1} />
        <NumberField name="propiedad.caracteristicas.año_construccion" label="Año de construcción" min={1800} step={1} />
        <AreaField name="propiedad.caracteristicas.descripcion" label="Descripción" className="form-span-all" />
      </div>
    </>
  );
}
