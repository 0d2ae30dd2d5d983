import type { JSX } from 'react';
import { CAPTACION_LABELS, emptyReferencia, PARENTESCO_OPTIONS } from '../../../../../../couch-design/captacion';
import { FieldList, SelectField, TextField } from '../../../../components/form';
import { BTN_AGREGAR_REFERENCIA, REFERENCIAS_AYUDA, SIN_REFERENCIAS_FORM } from '../../texts';

export function ReferenciasTab(): JSX.Element {
  // The list-level rule ('Se requieren al menos 2 referencias personales') belongs to no single field.
  return (
    <FieldList
      name="referencias_personales"
      help={REFERENCIAS_AYUDA}
      empty={SIN_REFERENCIAS_FORM}
      addText={BTN_AGREGAR_REFERENCIA}
      newItem={emptyReferencia}
      itemName="Referencia"
      testId="referencia"
      listError
    >
      {(i) => (
        <div className="form-grid">
          <TextField name={`referencias_personales[${i}].nombre`} label={CAPTACION_LABELS.referencia.nombre.entry} required />
          <SelectField name={`referencias_personales[${i}].relacion`} label={CAPTACION_LABELS.referencia.relacion.entry} required options={PARENTESCO_OPTIONS} />
          <TextField name={`referencias_personales[${i}].telefono`} label={CAPTACION_LABELS.referencia.telefono.entry} required type="tel" inputMode="tel" maxLength={10} />
          <TextField name={`referencias_personales[${i}].direccion`} label={CAPTACION_LABELS.referencia.direccion.entry} />
        </div>
      )}
    </FieldList>
  );
}
