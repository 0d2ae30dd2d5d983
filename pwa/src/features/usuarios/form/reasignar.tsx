/**
 * The question both user screens ask before taking an employee from another user (issue 18
 * item 5): who has the employee, that they lose the link and their payslips in 'Mi Nómina'.
 */
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import type { PickQuestionTexts } from '../../../components/form';
import { BTN_CANCELAR, BTN_REASIGNAR } from '../texts';
import { reasignarQuestion } from './values';

/** For `SelectField.confirmPick`: `userId` is the user being edited (null while creating one). */
export function confirmEmpleadoPick(empleados: readonly EmpleadoPublico[], userId: string | null): (id: string) => PickQuestionTexts | null {
  return (id) => {
    const lines = reasignarQuestion(empleados, id, userId);
    if (!lines) return null;
    return {
      question: lines.map((line) => <p key={line}>{line}</p>),
      confirm: BTN_REASIGNAR,
      cancel: BTN_CANCELAR,
    };
  };
}
