import type { JSX } from 'react';
import { ESTADO_CIVIL_OPTIONS } from '../../../../../../couch-design/captacion';
import { SelectField, TextField } from '../../../../components/form';

export function PropietarioTab(): JSX.Element {
  return (
    <div className="form-grid">
      <TextField name="propietario.nombre" label="Nombre" required autoComplete="name" className="form-span-2" />
      <TextField name="propietario.telefono" label="Teléfono" required type="tel" inputMode="tel" maxLength={10} placeholder="10 dígitos" />
      <TextField name="propietario.correo" label="Correo electrónico" type="email" inputMode="email" />
      <SelectField name="propietario.estado_civil" label="Estado civil" required options={ESTADO_CIVIL_OPTIONS} />
      <TextField name="propietario.direccion" label="Dirección particular" className="form-span-2" />
      <TextField name="propietario.identificacion" label="Identificación" />
      <TextField name="propietario.nss" label="NSS" inputMode="numeric" maxLength={11} placeholder="11 dígitos" />
      <TextField name="propietario.rfc" label="RFC" uppercase maxLength={13} placeholder="ABCD123456XXX" />
      <TextField name="propietario.curp" label="CURP" uppercase maxLength={18} />
    </div>
  );
}
