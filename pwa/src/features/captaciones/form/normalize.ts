import { docToForm, formToDoc, type CaptacionForm } from '../../../../../couch-design/captacion';

/** A draft written by an older version of the form may lack fields: rebuild it on the full shape. */
export function normalizeFormValues(values: unknown): CaptacionForm {
  return docToForm(formToDoc(values as Record<string, unknown>));
}
