/** Test support: a body validated as the gateway validates it, every problem at once and unknown keys stripped. */
import { ValidationError, type AnyObjectSchema } from 'yup';

export async function check(schema: AnyObjectSchema, body: unknown): Promise<{ value?: Record<string, unknown>; errors: Array<[string, string]> }> {
  try {
    return { value: await schema.validate(body, { abortEarly: false, stripUnknown: true }), errors: [] };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return { errors: e.inner.map((x) => [x.path ?? '', x.message] as [string, string]) };
  }
}
