/**
 * A write policy made of a Yup schema alone, for a child entity whose rules are its fields
 * (couch-design/child-entity.ts decides who may write it): the data fields, besides the
 * revision's own (`_id`, `_rev`, `_revisions`), `type` and the parent's field, must pass the schema.
 * A device's revision is checked strictly (no casting: it is stored as the device saved it); a REST
 * body is cast and cleaned. Unknown fields are refused, never dropped in silence.
 */
import * as yup from 'yup';
import type { ValidationIssue } from './helpers/form-errors';
import { yupIssues } from './helpers/yup-issues';
import type { Dict } from './helpers/values';
import { refusal, type WritePolicy } from './write-policy';

/** Fields of every stored document that no entity schema lists. */
const REVISION_FIELDS = ['_id', '_rev', '_revisions', 'type'];

export const UNKNOWN_FIELD = (name: string): string => `Campo no permitido: ${name}.`;

/** What these functions use of an object schema (any `yup.object(...)`, whatever its fields). */
export type ObjectSchemaLike = Pick<yup.AnyObjectSchema, 'fields' | 'validateSync'>;

/** Every problem of `value` against `schema` as `{param, msg}` (Yup's Spanish messages), or the value Yup makes of it. */
export function schemaIssues(schema: ObjectSchemaLike, value: Dict, strict: boolean): { value?: Dict; issues: ValidationIssue[] } {
  const unknown = Object.keys(value).filter((k) => !Object.hasOwn(schema.fields, k));
  if (unknown.length) return { issues: unknown.slice(0, 5).map((k) => ({ param: k.slice(0, 60), msg: UNKNOWN_FIELD(k.slice(0, 60)) })) };
  try {
    return { value: schema.validateSync(value, { strict, abortEarly: false }) as Dict, issues: [] };
  } catch (e) {
    return { issues: yupIssues(e).slice(0, 10) };
  }
}

/** `invalid` starts the refusal ('La visita no es válida: '); `parentField` is the relation's field. */
export function schemaWritePolicy(schema: ObjectSchemaLike, invalid: string, parentField: string): WritePolicy {
  const own = new Set([...REVISION_FIELDS, parentField]);
  return {
    decide({ doc, source }) {
      const data = Object.fromEntries(Object.entries(doc).filter(([k]) => !own.has(k)));
      const { value, issues } = schemaIssues(schema, data, source === 'device');
      if (issues.length) return refusal(400, invalid + issues.slice(0, 3).map((i) => `${i.param}: ${i.msg}`).join('; '), issues);
      return { ok: true, doc: source === 'device' ? doc : { ...Object.fromEntries(Object.entries(doc).filter(([k]) => own.has(k))), ...value } };
    },
  };
}
