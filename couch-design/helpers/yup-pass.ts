/**
 * Whether a value passes every rule of a Yup schema, answered by running the schema's own tests
 * without Yup's validation machinery (one closure, one options object and one callback chain per
 * field and test). A device's push of 1,000 captaciones spent most of the gateway's CPU there:
 * about 0.3 to 0.5 ms a document.
 *
 * The rules stay the schema's: this only walks it (casts the value with Yup, then calls each
 * type, presence and custom test with the cast value, nested fields as Yup orders them) and
 * answers `true` only when every test said yes. Anything it is not sure of (a test that fails,
 * throws or is asynchronous, a reference, a conditional or strict field, a tuple) answers
 * `false`, and the caller asks Yup itself, which also words the messages. So a refusal always
 * comes from Yup, and an acceptance from the same tests Yup would have run
 * (yup-pass.test.ts compares the two on valid and broken documents).
 */
import * as yup from 'yup';

/** Yup's validation test as `createValidation` builds it (yup 1.x): the function carries its config. */
interface TestConfig {
  name?: string;
  test: (this: unknown, value: unknown, ctx: unknown) => unknown;
  skipAbsent?: boolean;
}

interface TestFn {
  OPTIONS?: TestConfig;
}

/** What a walk needs of one (resolved) schema node, read once per node. */
interface Plan {
  schema: object;
  tests: TestConfig[];
  /** An object's fields in Yup's order. */
  fields?: Array<[string, unknown]>;
  /** An array's item schema. */
  items?: unknown;
}

const NOT_SURE = Symbol('not sure');

const isRef = (item: unknown): boolean => typeof item === 'object' && item !== null && (item as { __isYupRef?: unknown }).__isYupRef === true;

/** Yup's own test for a value its object schema walks into. */
const isPlainRecord = (v: unknown): v is Record<string, unknown> => Object.prototype.toString.call(v) === '[object Object]';

/** null: a node this walk does not follow (Yup decides then). */
const plans = new WeakMap<object, Plan | null>();

function planOf(schema: object): Plan | null {
  const known = plans.get(schema);
  if (known !== undefined) return known;
  const node = schema as unknown as { spec: { strict?: boolean; recursive?: boolean }; conditions: unknown[]; internalTests: Record<string, TestFn | undefined>; tests: TestFn[] };
  let plan: Plan | null = null;
  const fns = [...Object.values(node.internalTests), ...node.tests].filter((fn): fn is TestFn => fn !== undefined);
  if (!(schema instanceof yup.TupleSchema) && !node.spec.strict && node.conditions.length === 0 && fns.every((fn) => fn.OPTIONS)) {
    plan = { schema, tests: fns.map((fn) => fn.OPTIONS as TestConfig) };
    if (node.spec.recursive !== false && schema instanceof yup.ObjectSchema) {
      const fields = schema.fields as Record<string, unknown>;
      plan.fields = (schema as unknown as { _nodes: string[] })._nodes.filter((k) => fields[k] && !isRef(fields[k])).map((k) => [k, fields[k]]);
    } else if (node.spec.recursive !== false && schema instanceof yup.ArraySchema && schema.innerType) {
      plan.items = schema.innerType;
    }
  }
  plans.set(schema, plan);
  return plan;
}

// Module-level, not in the test's context object: the gateway runs under tsx, which names every
// nested function each time it is created.
function notSure(): typeof NOT_SURE {
  return NOT_SURE;
}

function resolveItem(item: unknown): unknown {
  if (isRef(item)) throw new Error('A reference: Yup resolves it.');
  return item;
}

function passesTests({ schema, tests }: Plan, value: unknown, parent: unknown): boolean {
  for (const config of tests) {
    if (config.skipAbsent && value == null) continue;
    const ctx = { path: '', parent, type: config.name, from: [], options: {}, originalValue: value, schema, createError: notSure, resolve: resolveItem };
    let result: unknown;
    try {
      result = config.test.call(ctx, value, ctx);
    } catch {
      return false;
    }
    if (!result || result === NOT_SURE || result instanceof yup.ValidationError || typeof (result as { then?: unknown }).then === 'function') return false;
  }
  return true;
}

function walk(node: unknown, value: unknown, parent: unknown): boolean {
  let schema: unknown = node;
  if (node instanceof yup.LazySchema) schema = node.resolve({ value, parent, context: undefined });
  if (!(schema instanceof yup.Schema)) return false;
  const plan = planOf(schema);
  if (!plan || !passesTests(plan, value, parent)) return false;
  if (plan.fields) {
    if (!isPlainRecord(value)) return true;
    for (const [key, field] of plan.fields) if (!walk(field, value[key], value)) return false;
  } else if (plan.items && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!walk(plan.items, value[i], value)) return false;
  }
  return true;
}

/**
 * True when `schema.validateSync(value)` would accept `value`, decided without Yup's machinery;
 * false when it would refuse it or this walk cannot tell (ask Yup then).
 */
export function passesSchema(schema: yup.Schema | yup.Lazy<unknown>, value: unknown): boolean {
  try {
    const resolved: unknown = schema.resolve({ value, context: undefined });
    if (!(resolved instanceof yup.Schema)) return false;
    // Yup validates what its transforms make of the value (trimmed text, numbers from text); nested fields are not cast again.
    const cast: unknown = resolved.cast(value, { assert: false });
    return walk(resolved, cast, undefined);
  } catch {
    return false;
  }
}
