/**
 * Errors a test means to make the code log. The console guard (testing/console-guard.ts, run before
 * every test file) fails a test on any console.error it did not announce here or handle with its
 * own `vi.spyOn(console, 'error')`. Kept on globalThis: the guard and the test share it even when
 * each loaded this module on its own.
 */
export interface ExpectedError {
  pattern: RegExp | string;
  seen: boolean;
}

const KEY = Symbol.for('inmobiliaria.expectedLoggedErrors');
const store = globalThis as unknown as Record<symbol, ExpectedError[] | undefined>;

export const expectedErrors = (): ExpectedError[] => (store[KEY] ??= []);
export const resetExpectedErrors = (): void => {
  store[KEY] = [];
};

/**
 * Declares that the current test makes the code log an error matching `pattern` (a RegExp, or a
 * substring of the logged text): those calls are neither printed nor failed, and the test fails if
 * none comes.
 */
export function expectLoggedError(pattern: RegExp | string): void {
  expectedErrors().push({ pattern, seen: false });
}
