/**
 * Moving the user ↔ employee link away from someone else (issue 18 item 5). Linking a user to an
 * employee that is already another user's (or, from the employee's side, an employee to a user
 * that is already another employee's) leaves that other person without their link and their
 * payslips in 'Mi Nómina'. So the lists say who each one is linked to, the screens ask first, and
 * the gateway refuses such a move unless the request carries `reasignar_vinculo: true`.
 */
import * as yup from 'yup';
import { PERSONA_MSG } from './persona';

/** The body field that confirms taking the link from someone else. */
export const REASIGNAR_VINCULO = 'reasignar_vinculo';

/** The one rule for the flag, in every schema that may move the link: a yes or no, absent meaning no. */
export const reasignarVinculo = () => yup.boolean().typeError(PERSONA_MSG.formato).label('Reasignar vínculo');

/** The other side of a person's link as the admin lists carry it: enough to name them. */
export interface VinculoPublico {
  id: string;
  nombre: string;
}
