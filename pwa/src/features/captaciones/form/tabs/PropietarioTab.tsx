import type { JSX } from 'react';
import { CAPTACION_LABELS, ESTADO_CIVIL_OPTIONS } from '../../../../../../couch-design/captacion';
import { SelectField, TextField } from '../../../../components/form';

export function PropietarioTab(): JSX.Element {
  return (
    <div className="form-grid">
      <TextField name="propietario.nombre" label={CAPTACION_LABELS.propietario.nombre.entry} required autoComplete="name" className="form-span-2" />
      <TextField name="propietario.telefono" label={CAPTACION_LABELS.propietario.telefono.entry} required type="tel" inputMode="tel" maxLength={10} placeholder="10 dígitos" />
      <TextField name="propietario.correo" label={CAPTACION_LABELS.propietario.correo.entry} type="email" inputMode="email" />
      <SelectField name="propietario.estado_civil" label={CAPTACION_LABELS.propietario.estado_civil.entry} required options={ESTADO_CIVIL_OPTIONS} />
      <TextField name="propietario.direccion" label={CAPTACION_LABELS.propietario.direccion.entry} className="form-span-2" />
      <TextField name="propietario.identificacion" label={CAPTACION_LABELS.propietario.identificacion.entry} />
      <TextField name="propietario.nss" label={CAPTACION_LABELS.propietario.nss.entry} inputMode="numeric" maxLength={11} placeholder="11 dígitos" />
      <TextField name="propietario.rfc" label={CAPTACION_LABELS.propietario.rfc.entry} uppercase maxLength={13} placeholder="ABCD123456XXX" />
      <TextField name="propietario.curp" label={CAPTACION_LABELS.propietario.curp.entry} uppercase maxLength={18} />
    </div>
  );
}
