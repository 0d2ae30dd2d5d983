/** Waits until `check` holds, polling; throws with `what` when it does not in time. Shared by the gateway's and the PWA's tests. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`No ocurrió a tiempo: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
