/**
 * Work over many ids, split so that one large request never holds the event loop: between two
 * store calls every other person's pending request gets its turn (`setImmediate` runs after the
 * I/O callbacks that are already waiting).
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
