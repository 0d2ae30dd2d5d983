import { expect } from 'vitest';

/**
 * A function checked against a table of inputs and the answer each must give: the function is
 * named once, a row is a case, and a failing row names its input. Strict equality, so `null`,
 * `undefined` and a missing property stay apart.
 */
export function expectAnswers<I, O>(answer: (input: I) => O, table: ReadonlyArray<readonly [I, O]>): void {
  for (const [input, expected] of table) expect(answer(input), JSON.stringify(input) ?? String(input)).toStrictEqual(expected);
}
