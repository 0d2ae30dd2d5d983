/**
 * A page that arrived with its session answered (the gateway wrote it into the page) opens the
 * person's key with the session's copy before React's first render, so the first screen is drawn
 * at once; main.tsx waits for this. A person idle for longer than the lock time gets the lock.
 */
import { liveSessionSecret, sessionFromPage } from '../session-check';
import { idleExpired } from './idle-lock';
import { hasKey } from './keyring';
import { lockVault, resumeWithSession } from './vault';

export async function resumeFromPage(): Promise<void> {
  const session = sessionFromPage();
  const secret = liveSessionSecret();
  const id = session?.status === 'authenticated' ? session.user?.id : undefined;
  if (!id || !secret || hasKey(id)) return;
  if (idleExpired()) return lockVault(id);
  await resumeWithSession(id, secret).catch(() => false);
}
