/**
 * Runs before every test file (vite.config.ts `test.setupFiles`): a test whose code logs an error
 * it did not announce fails, so a green run is a quiet one and a new stack trace is a failure
 * someone reads, not noise everyone learns to skip. React's act(...) and prop warnings arrive
 * through console.error too.
 */
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { expectedErrors, resetExpectedErrors } from './logged-errors';

const print = console.error.bind(console);
let unexpected: string[] = [];
let outsideTests: string[] = [];

function textOf(args: unknown[]): string {
  return args
    .map((a) => {
      if (a instanceof Error) return `${a.name}: ${a.message}`;
      if (typeof a === 'string') return a;
      try {
        return JSON.stringify(a) ?? String(a);
      } catch {
        return String(a);
      }
    })
    .join(' ');
}

const matches = (pattern: RegExp | string, text: string): boolean => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));

/**
 * happy-dom's fetch prints every non-2xx answer the way a browser's console does ('GET /api/x 404
 * (Not Found)'); tests ask for 4xx answers on purpose, and that line is the network's, not the code's.
 */
const NETWORK_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ \d{3} \(.*\)$/;

console.error = function guard(...args: unknown[]): void {
  // Reached through a spy the test put on console.error: the test watches the calls itself.
  if (vi.isMockFunction(console.error)) return;
  if (args.length === 1 && typeof args[0] === 'string' && NETWORK_LINE.test(args[0])) return;
  const text = textOf(args);
  const announced = expectedErrors().find((e) => matches(e.pattern, text));
  if (announced) {
    announced.seen = true;
    return;
  }
  unexpected.push(text);
  print(...args);
};

function failure(logged: string[], where: string): Error {
  const lines = logged.map((l) => `  • ${l.split('\n')[0].slice(0, 300)}`).join('\n');
  return new Error(
    `${where} logged ${logged.length} unexpected console.error call(s):\n${lines}\n` +
      'Fix the cause (a React act(...) or prop warning, IndexedDB missing under Node: import "fake-indexeddb/auto", a lost rejection...). ' +
      'If the test means to provoke that log, declare it inside the test: ' +
      "expectLoggedError(/part of the message/) from 'testing/logged-errors.ts', or " +
      "vi.spyOn(console, 'error').mockImplementation(() => {}) and assert on the spy.",
  );
}

beforeEach(() => {
  outsideTests.push(...unexpected);
  unexpected = [];
  resetExpectedErrors();
});

// Registered before any test file's own afterEach, so it runs after them (hooks run as a stack):
// what a test's cleanup logs counts for that test.
afterEach(() => {
  const logged = unexpected;
  const missing = expectedErrors().filter((e) => !e.seen);
  unexpected = [];
  resetExpectedErrors();
  if (logged.length) throw failure(logged, 'This test');
  if (missing.length) throw new Error(`expectLoggedError: nothing matching ${missing.map((m) => String(m.pattern)).join(', ')} was logged in this test.`);
});

afterAll(() => {
  const logged = [...outsideTests, ...unexpected];
  outsideTests = [];
  unexpected = [];
  if (logged.length) throw failure(logged, 'This file, outside its tests (a beforeAll/afterAll hook, or work left running),');
});
