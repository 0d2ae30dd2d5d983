/**
 * Field problems as every form and answer carries them, and their shape for a Formik form. Free of
 * Yup, so the texts and screens that only name these shapes never pull Yup into their chunk
 * (vite.config.ts: the captaciones list draws without it); Yup's converter is yup-issues.ts.
 */

/** One failed rule: the field (`param`, a dotted path with [i] for list items) and its Spanish message. */
export interface ValidationIssue {
  param: string;
  msg: string;
}

/** The heading of a form's error summary (spec 001 section 2.3), shared by every form. */
export const ERROR_SUMMARY_PREFIX = 'Corrija los siguientes errores antes de guardar: ';

/** Formik-style nested error object from a list of issues (first message per field). */
export function issuesToFormErrors(issues: readonly ValidationIssue[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { param, msg } of issues) {
    const tokens = param.split(/\.|\[(\d+)\]/).filter((t) => t !== undefined && t !== '');
    if (tokens.length === 0) continue;
    let node: Record<string, unknown> = root;
    tokens.forEach((token, i) => {
      const last = i === tokens.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(tokens[i + 1]);
      if (last) {
        if (node[token] === undefined) node[token] = msg;
      } else {
        if (typeof node[token] !== 'object' || node[token] === null) node[token] = nextIsIndex ? [] : {};
        node = node[token] as Record<string, unknown>;
      }
    });
  }
  return root;
}
