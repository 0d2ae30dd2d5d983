/**
 * Moving the user ↔ employee link away from someone else (issue 18 item 5). Linking a user to an
 * employee that is already another user's (or, from the employee's side, an employee to a user
 * that is already another employee's) leaves that other person without their link and their
 * payslips in 'Mi Nómina'. So the lists say who each one is linked to, the screens ask first, and
 * the gateway refuses such a move unless the request carries `reasignar_vinculo: true`. And a
 * form replacing its own person's link says which link it showed (`vinculo_actual`).
 */
import * as yup from 'yup';
import { idRef, PERSONA_MSG } from './persona';

/**
 * `reasignar_vinculo`, the body field that confirms taking the link from someone else: the one
 * rule for the flag, in every schema that may move the link, a yes or no, absent meaning no.
 */
export const reasignarVinculo = () => yup.boolean().typeError(PERSONA_MSG.formato).label('Reasignar vínculo');

/**
 * `vinculo_actual`, the body field naming the link the edited person had when the form was opened (an id, or ''
 * or null for none). The edited side's own old link is the admin's visible choice to replace, but
 * only as the admin saw it: if another admin linked that person meanwhile, the gateway refuses
 * rather than silently take the new link away. Absent: no such check (API clients of the spec).
 */
export const vinculoActual = () => idRef().nullable().label('Vínculo actual');

/** The other side of a person's link as the admin lists carry it: enough to name them. */
export interface VinculoPublico {
  id: string;
  nombre: string;
}
