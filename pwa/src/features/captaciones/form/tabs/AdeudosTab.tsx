import { Button, Callout, Card } from '@blueprintjs/core';
import { FieldArray, useFormikContext } from 'formik';
import type { JSX } from 'react';
import { emptyAdeudo, TIPO_ADEUDO_OPTIONS, type CaptacionForm } from '../../../../../../couch-design/captacion';
import { ADEUDOS_AYUDA, BTN_AGREGAR_ADEUDO, BTN_ELIMINAR, SIN_ADEUDOS } from '../../texts';
import { NumberField, SelectField, TextField } from '../fields';
import { useFormUi } from '../form-ui';

export function AdeudosTab(): JSX.Element {
  const { values } = useFormikContext<CaptacionForm>();
  const { disabled } = useFormUi();
  const adeudos = values.propiedad.adeudos;
  return (
    <FieldArray name="propiedad.adeudos">
      {({ push, remove }) => (
        <>
          <Callout compact icon="info-sign" className="cap-help">
            {ADEUDOS_AYUDA}
          </Callout>
          {adeudos.length === 0 ? <p className="cap-empty">{SIN_ADEUDOS}</p> : null}
          {adeudos.map((_, i) => (
            <Card key={i} className="cap-row-card" data-testid={`adeudo-${i + 1}`}>
              <div className="cap-row-card__head">
                <strong>Adeudo {i + 1}</strong>
                <Button variant="minimal" intent="danger" icon="trash" onClick={() => remove(i)} disabled={disabled} aria-label={`${BTN_ELIMINAR} adeudo ${i + 1}`}>
                  {BTN_ELIMINAR}
                </Button>
              </div>
              <div className="cap-grid">
                <SelectField name={`propiedad.adeudos[${i}].tipo`} label="Tipo" required options={TIPO_ADEUDO_OPTIONS} />
                <NumberField name={`propiedad.adeudos[${i}].monto`} label="Monto" required min={0} unit="$" />
                <TextField name={`propiedad.adeudos[${i}].numero_referencia`} label="Número de referencia" required />
                <TextField name={`propiedad.adeudos[${i}].descripcion`} label="Descripción" />
              </div>
            </Card>
          ))}
          <Button onClick={() => push(emptyAdeudo(''))} disabled={disabled} size="large" intent="primary" variant="outlined">
            {BTN_AGREGAR_ADEUDO}
          </Button>
        </>
      )}
    </FieldArray>
  );
}
