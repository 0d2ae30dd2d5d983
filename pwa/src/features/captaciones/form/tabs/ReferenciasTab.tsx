import { Button, Callout, Card } from '@blueprintjs/core';
import { FieldArray, useFormikContext } from 'formik';
import type { JSX } from 'react';
import { emptyReferencia, PARENTESCO_OPTIONS, type CaptacionForm } from '../../../../../../couch-design/captacion';
import { BTN_AGREGAR_REFERENCIA, BTN_ELIMINAR, REFERENCIAS_AYUDA, SIN_REFERENCIAS_FORM } from '../../texts';
import { SelectField, TextField } from '../fields';
import { useFormUi } from '../form-ui';

export function ReferenciasTab(): JSX.Element {
  const { values, touched } = useFormikContext<CaptacionForm>();
  const { disabled, showAllErrors, issues } = useFormUi();
  const refs = values.referencias_personales;
  // The list-level rule ('Se requieren al menos 2 referencias personales') belongs to no single field.
  const listError = issues.find((i) => i.param === 'referencias_personales')?.msg;
  const showListError = !!listError && (showAllErrors || touched.referencias_personales !== undefined);
  return (
    <FieldArray name="referencias_personales">
      {({ push, remove }) => (
        <>
          <Callout compact icon="info-sign" className="cap-help">
            {REFERENCIAS_AYUDA}
          </Callout>
          {showListError ? (
            <p className="cap-list-error" role="alert">
              {listError}
            </p>
          ) : null}
          {refs.length === 0 ? <p className="cap-empty">{SIN_REFERENCIAS_FORM}</p> : null}
          {refs.map((_, i) => (
            <Card key={i} className="cap-row-card" data-testid={`referencia-${i + 1}`}>
              <div className="cap-row-card__head">
                <strong>Referencia {i + 1}</strong>
                <Button variant="minimal" intent="danger" icon="trash" onClick={() => remove(i)} disabled={disabled} aria-label={`${BTN_ELIMINAR} referencia ${i + 1}`}>
                  {BTN_ELIMINAR}
                </Button>
              </div>
              <div className="cap-grid">
                <TextField name={`referencias_personales[${i}].nombre`} label="Nombre completo" required />
                <SelectField name={`referencias_personales[${i}].relacion`} label="Parentesco o relación" required options={PARENTESCO_OPTIONS} />
                <TextField name={`referencias_personales[${i}].telefono`} label="Teléfono de contacto" required type="tel" inputMode="tel" maxLength={10} />
                <TextField name={`referencias_personales[${i}].direccion`} label="Dirección" />
              </div>
            </Card>
          ))}
          <Button onClick={() => push(emptyReferencia())} disabled={disabled} size="large" intent="primary" variant="outlined">
            {BTN_AGREGAR_REFERENCIA}
          </Button>
        </>
      )}
    </FieldArray>
  );
}
