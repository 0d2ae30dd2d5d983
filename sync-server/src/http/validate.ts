import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { HttpError } from './errors';

export interface FieldError { param: string; msg: string }

export function toFieldErrors(e: ValidationError): FieldError[] {
  const inner = e.inner.length ? e.inner : [e];
  return inner.map((x) => ({ param: x.path ?? '', msg: x.errors[0] ?? x.message }));
}

/**
 * Validates a body with one of the shared couch-design schemas. Answers 400 with the first
 * message as `mensaje` and every failure as `errors: [{param, msg}]`.
 */
export async function validateBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'El cuerpo de la petición debe ser un objeto JSON.');
  }
  try {
    return await schema.validate(body, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (e instanceof ValidationError) {
      const errors = toFieldErrors(e);
      throw new HttpError(400, errors[0]?.msg ?? 'Datos no válidos.', { errors });
    }
    throw e;
  }
}
