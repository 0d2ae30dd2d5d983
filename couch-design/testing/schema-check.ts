/** Test support: a body validated as the gateway validates it, every problem at once and unknown keys stripped. */
import type { AnyObjectSchema } from 'yup';
import { yupIssues } from '../helpers/yup-issues';

export async function check(schema: AnyObjectSchema, body: unknown): Promise<{ value?: Record<string, unknown>; errors: Array<[string, string]> }> {
  try {
    return { value: await schema.validate(body, { abortEarly: false, stripUnknown: true }), errors: [] };
  } catch (e) {
    return { errors: yupIssues(e).map((x) => [x.param, x.msg] as [string, string]) };
  }
}

/** What an empty body is refused with: the fields it lacks, sorted, and each message once. */
export async function missingFromEmpty(schema: AnyObjectSchema): Promise<{ fields: string[]; messages: string[] }> {
  const { errors } = await check(schema, {});
  return { fields: errors.map(([p]) => p).sort(), messages: [...new Set(errors.map(([, m]) => m))] };
}
