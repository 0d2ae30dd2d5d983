/**
 * The message under a field. The user and employee rules answer every empty required field
 * with the specification's one text (spec 000 section 5); under the field it becomes that
 * field's own ('El primer nombre es requerido'), while the summary keeps the specification's.
 */
import { PERSONA_MSG, PERSONA_REQUERIDO } from '../../../../couch-design/persona';
import type { FormIssue } from './form-ui';

export function fieldMessage({ param, msg }: FormIssue): string {
  return (msg === PERSONA_MSG.obligatorio && PERSONA_REQUERIDO[param]) || msg;
}
