import type { JSX } from 'react';
import { emptyReferencia, PARENTESCO_OPTIONS } from '../../../../../../couch-design/captacion';
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
          <TextField name={`referencias_personales[${i}].nombre`} label="Nombre completo" required />
          <SelectField name={`referencias_personales[${i}].relacion`} label="Parentesco o relación" required options={PARENTESCO_OPTIONS} />
          <TextField name={`referencias_personales[${i}].telefono`} label="Teléfono de contacto" required type="tel" inputMode="tel" maxLength={10} />
          <TextField name={`referencias_personales[${i}].direccion`} label="Dirección" />
        </div>
      )}
    </FieldList>
  );
}
