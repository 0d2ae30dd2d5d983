import type { JSX } from 'react';
import { CAPTACION_LABELS, emptyAdeudo, TIPO_ADEUDO_OPTIONS } from '../../../../../../couch-design/captacion';
import { FieldList, NumberField, SelectField, TextField } from '../../../../components/form';
import { ADEUDOS_AYUDA, BTN_AGREGAR_ADEUDO, SIN_ADEUDOS } from '../../texts';

export function AdeudosTab(): JSX.Element {
  return (
    <FieldList name="propiedad.adeudos" help={ADEUDOS_AYUDA} empty={SIN_ADEUDOS} addText={BTN_AGREGAR_ADEUDO} newItem={() => emptyAdeudo('')} itemName="Adeudo" testId="adeudo">
      {(i) => (
        <div className="form-grid">
          <SelectField name={`propiedad.adeudos[${i}].tipo`} label={CAPTACION_LABELS.adeudo.tipo.entry} required options={TIPO_ADEUDO_OPTIONS} />
          <NumberField name={`propiedad.adeudos[${i}].monto`} label={CAPTACION_LABELS.adeudo.monto.entry} required min={0} unit="$" />
          <TextField name={`propiedad.adeudos[${i}].numero_referencia`} label={CAPTACION_LABELS.adeudo.numero_referencia.entry} required />
          <TextField name={`propiedad.adeudos[${i}].descripcion`} label={CAPTACION_LABELS.adeudo.descripcion.entry} />
        </div>
      )}
    </FieldList>
  );
}
