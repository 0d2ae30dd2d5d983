import { ValidationError, type AnyObjectSchema, type InferType, type Schema } from 'yup';
import type { ValidationIssue } from '../../../couch-design/helpers/form-errors';
import { yupIssues } from '../../../couch-design/helpers/yup-issues';
import { isDict as isPlainObject } from '../../../couch-design/helpers/values';
import { bodyObject, NOT_AN_OBJECT } from './body';
import { HttpError } from './errors';

export { NOT_AN_OBJECT };
export const INVALID_DATA = 'Datos no válidos.';

const SCALAR_TEXT: Record<string, string> = { string: 'texto', number: 'un número', boolean: 'sí o no', date: 'una fecha' };

/**
 * Objects and arrays sent where the schema wants text, a number, a flag or a date. yup would turn
 * them into '[object Object]' or fail inside a transform with a TypeError: both refused up front.
 */
function misplacedStructures(schema: Schema, value: unknown, path: string, out: ValidationIssue[]): void {
  if (value === null || typeof value !== 'object' || typeof (schema as { type?: unknown }).type !== 'string') return;
  if (schema.type === 'object') {
    if (!isPlainObject(value)) return;
    const fields = (schema as unknown as AnyObjectSchema).fields as Record<string, Schema>;
    for (const [key, field] of Object.entries(fields)) {
      if (Object.hasOwn(value, key)) misplacedStructures(field, value[key], path ? `${path}.${key}` : key, out);
    }
  } else if (schema.type === 'array') {
    const inner = (schema as unknown as { innerType?: Schema }).innerType;
    if (inner && Array.isArray(value)) value.forEach((item, i) => misplacedStructures(inner, item, `${path}[${i}]`, out));
  } else if (Object.hasOwn(SCALAR_TEXT, schema.type) && !(value instanceof Date)) {
    out.push({ param: path, msg: `El campo '${schema.spec.label ?? path}' debe ser ${SCALAR_TEXT[schema.type]}.` });
  }
}

/**
 * Validates a body with one of the shared couch-design schemas. Answers 400 with the first
 * message as `mensaje` and every failure as `errors: [{param, msg}]`.
 */
export async function validateBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  bodyObject(body);
  const misplaced: ValidationIssue[] = [];
  misplacedStructures(schema, body, '', misplaced);
  if (misplaced.length) throw new HttpError(400, misplaced[0].msg, { errors: misplaced });
  try {
    return await schema.validate(body, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (e instanceof ValidationError) {
      const errors = yupIssues(e);
      throw new HttpError(400, errors[0]?.msg ?? INVALID_DATA, { errors });
    }
    // A transform that met a value of a shape it did not expect: the client's input, not a server fault.
    if (e instanceof TypeError) throw new HttpError(400, INVALID_DATA);
    throw e;
  }
}
