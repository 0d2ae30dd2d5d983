/**
 * A shared Yup schema of couch-design as a form's `validate`: every problem at once, as the
 * gateway would answer them (`{param, msg}`), in the schema's field order. Forms never re-declare
 * a rule or a message the contract holds. One problem per field: the first rule it breaks.
 */
import type { AnyObjectSchema } from 'yup';
import { yupIssues } from '../../../../couch-design/helpers/yup-issues';
import type { FormIssue } from './form-ui';

export function schemaIssues(schema: Pick<AnyObjectSchema, 'fields' | 'validateSync'>, values: unknown): FormIssue[] {
  try {
    schema.validateSync(values, { abortEarly: false });
    return [];
  } catch (err) {
    const order = Object.keys(schema.fields);
    const seen = new Set<string>();
    const issues: FormIssue[] = [];
    for (const issue of yupIssues(err)) {
      // One message per field, the first rule it breaks (an empty password is "required", not also "too short").
      if (seen.has(issue.param)) continue;
      seen.add(issue.param);
      issues.push(issue);
    }
    const rank = (param: string) => {
      const i = order.indexOf(param.split(/[.[]/)[0]);
      return i < 0 ? order.length : i;
    };
    return issues.sort((a, b) => rank(a.param) - rank(b.param));
  }
}
