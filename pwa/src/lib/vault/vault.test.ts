// @vitest-environment happy-dom
/**
 * The person's data key on the device: made and opened with the password, opened after a reload
 * with the live session's key, never kept readable, and wrong passwords counted across reloads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fromBase64, sessionKey, toBase64, randomBytes } from './crypto';
import { dropAllKeys, hasKey, keyOf, LockedError } from './keyring';
import { lockVault, MAX_TRIES, openAtSignIn, resumeWithSession, tryState, unlockWithPassword, waitAfter, type Clock } from './vault';
import { readVault } from './vault-store';

const FAST = { iterations: 1_000, wipe: async () => undefined };
const ANA = 'u-ana';
const secret = () => toBase64(randomBytes(32));

class FakeClock implements Clock {
  t = 1_700_000_000_000;
  now() {
    return this.t;
  }
}

afterEach(() => {
  localStorage.clear();
  dropAllKeys();
});

describe('the data key', () => {
  it('is made at the first sign-in, held non-extractable, and stored only sealed', async () => {
    expect(await openAtSignIn(ANA, 'Clave-secreta-1', null, FAST)).toBe('created');
    const key = keyOf(ANA);
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    const stored = readVault(ANA)!;
    expect(fromBase64(stored.envuelta).length).toBe(12 + 32 + 16);
    expect(JSON.stringify(localStorage)).not.toContain('Clave-secreta-1');
  });

  it('opens again with the same password after a reload, and the old key reads what it sealed', async () => {
    await openAtSignIn(ANA, 'Clave-secreta-1', null, FAST);
    const before = keyOf(ANA);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, before, new TextEncoder().encode('CURP'));
    dropAllKeys();
    expect(hasKey(ANA)).toBe(false);
    expect(() => keyOf(ANA)).toThrow(LockedError);
    expect(await unlockWithPassword(ANA, 'Clave-secreta-1')).toEqual({ ok: true });
    const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, keyOf(ANA), sealed);
    expect(new TextDecoder().decode(opened)).toBe('CURP');
  });

  it('is replaced, with a wipe, when a sign-in password no longer opens it (changed elsewhere)', async () => {
    await openAtSignIn(ANA, 'Clave-secreta-1', null, FAST);
    let wiped = 0;
    expect(await openAtSignIn(ANA, 'Clave-nueva-2', null, { ...FAST, wipe: async () => void wiped++ })).toBe('replaced');
    expect(wiped).toBe(1);
    dropAllKeys();
    expect((await unlockWithPassword(ANA, 'Clave-nueva-2')).ok).toBe(true);
  });

  it('opens with the live session’s key after a reload, but not with another session’s, nor after a lock', async () => {
    const mine = secret();
    await openAtSignIn(ANA, 'Clave-secreta-1', mine, FAST);
    dropAllKeys();
    expect(await resumeWithSession(ANA, secret())).toBe(false);
    expect(readVault(ANA)?.sesion).toBeUndefined();

    await unlockWithPassword(ANA, 'Clave-secreta-1', mine);
    dropAllKeys();
    expect(await resumeWithSession(ANA, mine)).toBe(true);
    lockVault(ANA);
    expect(hasKey(ANA)).toBe(false);
    expect(await resumeWithSession(ANA, mine)).toBe(false);
    // The session key itself is an AES key the device never stores.
    await expect(sessionKey(fromBase64(mine))).resolves.toBeTruthy();
    expect(JSON.stringify(localStorage)).not.toContain(mine);
  });
});

describe('wrong passwords', () => {
  it('wait from the fifth on, doubling, across reloads; the tenth ends in a wipe', async () => {
    const clock = new FakeClock();
    await openAtSignIn(ANA, 'Clave-secreta-1', null, FAST);
    dropAllKeys();
    for (let i = 1; i <= 4; i++) expect(await unlockWithPassword(ANA, 'mala', null, clock)).toEqual({ ok: false, reason: 'wrong', left: MAX_TRIES - i, waitMs: 0 });
    expect(await unlockWithPassword(ANA, 'mala', null, clock)).toEqual({ ok: false, reason: 'wrong', left: 5, waitMs: 30_000 });
    // A reload keeps the count and the wait (they live in localStorage): the right password waits too.
    expect(tryState(ANA, clock)).toEqual({ left: 5, waitMs: 30_000 });
    expect(await unlockWithPassword(ANA, 'Clave-secreta-1', null, clock)).toMatchObject({ ok: false, reason: 'wait', waitMs: 30_000 });
    expect(hasKey(ANA)).toBe(false);
    for (let i = 6; i <= 9; i++) {
      clock.t += waitAfter(i - 1);
      expect(await unlockWithPassword(ANA, 'mala', null, clock)).toEqual({ ok: false, reason: 'wrong', left: MAX_TRIES - i, waitMs: waitAfter(i) });
    }
    expect(waitAfter(9)).toBe(8 * 60_000);
    clock.t += waitAfter(9);
    expect(await unlockWithPassword(ANA, 'mala', null, clock)).toEqual({ ok: false, reason: 'wipe' });
  });

  it('are forgotten once the right one is given', async () => {
    const clock = new FakeClock();
    await openAtSignIn(ANA, 'Clave-secreta-1', null, FAST);
    dropAllKeys();
    await unlockWithPassword(ANA, 'mala', null, clock);
    await unlockWithPassword(ANA, 'mala', null, clock);
    expect(await unlockWithPassword(ANA, 'Clave-secreta-1', null, clock)).toEqual({ ok: true });
    expect(tryState(ANA, clock)).toEqual({ left: MAX_TRIES, waitMs: 0 });
  });
});
