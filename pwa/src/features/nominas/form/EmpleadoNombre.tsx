/** Whose payslip the form is: the employee's full name, read-only. */
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, type JSX } from 'react';
import { CAMPO_EMPLEADO } from '../texts';

export function EmpleadoNombre({ nombre }: { nombre: string }): JSX.Element {
  const id = useId();
  return (
    <FormGroup label={CAMPO_EMPLEADO} labelFor={id} className="nominas-form__empleado">
      <InputGroup id={id} value={nombre} readOnly size="large" data-testid="nomina-empleado" />
    </FormGroup>
  );
}
