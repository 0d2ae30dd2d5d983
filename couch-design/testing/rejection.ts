/**
 * What `p` rejects with, for a test that reads the error's fields: an error of another class is
 * thrown on as it is, and a `p` that resolves fails the test. Imported by tests only.
 */
export async function rejectionOf<E>(kind: abstract new (...args: never[]) => E, p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (err) {
    if (err instanceof kind) return err;
    throw err;
  }
  throw new Error('Se esperaba que la llamada fallara.');
}
