import { ValidationError } from 'yup';
import type { ValidationIssue } from './form-errors';

/**
 * Every rule a Yup validation found broken, as `{param, msg}` in Yup's order: the one converter
 * every form, REST answer and write policy uses (the messages are the schemas' Spanish texts).
 * Anything else thrown is thrown again: a fault of the code, never the client's input.
 */
export function yupIssues(err: unknown): ValidationIssue[] {
  if (!(err instanceof ValidationError)) throw err;
  return (err.inner.length > 0 ? err.inner : [err]).map((x) => ({ param: x.path ?? '', msg: x.errors[0] ?? x.message }));
}
