/**
 * The current-password check of `PUT /api/users/{id}/password` is limited like sign-in
 * (auth/password-attempts.ts; issue 18, point 4): counted before the hash is compared, so parallel
 * guesses on one stolen session cannot all reach it, and in the same counters as sign-in.
 */
import { describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { DEFAULT_SIGNIN_LIMITS } from './rate-limit';

const { perAddressAndAccount, perAccount } = DEFAULT_SIGNIN_LIMITS;
const TOO_MANY = /^Demasiados intentos con la contraseña actual\. Intente de nuevo en \d+ minutos?\.$/;
const WRONG = 'La contraseña actual no es correcta.';

const gw = gatewayForFile({ trustProxy: true });

let address = 0;
const newAddress = () => `203.0.113.${++address}`;

async function changePassword(c: HttpClient, p: CreatedUser, actual: string, from: string) {
  const res = await c.fetch(`/api/users/${p.id}/password`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ password_actual: actual, password_nueva: 'Otra-clave-2026' }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { mensaje?: string } };
}

async function signInFrom(p: CreatedUser, password: string, from: string): Promise<number> {
  const res = await fetch(`${gw.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email: p.email, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

const count = (rs: Array<{ status: number }>, status: number) => rs.filter((r) => r.status === status).length;

describe('the current-password check', () => {
  it('lets at most the sign-in allowance of 40 parallel wrong guesses on one session reach the check', async () => {
    const p = await gw.createUser();
    const from = newAddress();
    const c = await gw.client().signIn(p.email, p.password);
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => changePassword(c, p, `mal-${i}`, from)));
    expect(count(rs, 400)).toBeGreaterThan(0);
    expect(count(rs, 400)).toBeLessThanOrEqual(perAddressAndAccount);
    expect(count(rs, 400) + count(rs, 429)).toBe(40);
    for (const r of rs.filter((x) => x.status === 400)) expect(r.body.mensaje).toBe(WRONG);
    for (const r of rs.filter((x) => x.status === 429)) {
      expect(r.body.mensaje).toMatch(TOO_MANY);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(DEFAULT_SIGNIN_LIMITS.windowMs / 1000);
    }
    // The right password is refused too while the window lasts, and nothing changed.
    expect((await changePassword(c, p, p.password, from)).status).toBe(429);
    expect(await signInFrom(p, p.password, newAddress())).toBe(200);
  });

  it('shares the account\'s count with sign-in: guesses at the sign-in screen close the check too', async () => {
    const p = await gw.createUser();
    const c = await gw.client().signIn(p.email, p.password);
    for (let i = 0; i < perAccount; i++) expect(await signInFrom(p, `mal-${i}`, newAddress())).toBe(401);
    const r = await changePassword(c, p, p.password, newAddress());
    expect(r.status).toBe(429);
    expect(r.body.mensaje).toMatch(TOO_MANY);
  });

  it('takes the right password after a few wrong ones, and then counts from zero again', async () => {
    const p = await gw.createUser();
    const from = newAddress();
    const c = await gw.client().signIn(p.email, p.password);
    for (let i = 0; i < perAddressAndAccount - 1; i++) expect((await changePassword(c, p, `mal-${i}`, from)).status).toBe(400);
    expect((await changePassword(c, p, p.password, from)).status).toBe(200);
    // The account's count started over: as many wrong tries fit again.
    for (let i = 0; i < perAddressAndAccount - 1; i++) expect((await changePassword(c, p, `mal-${i}`, from)).status).toBe(400);
  });

  it("does not count an admin setting someone else's password (no current password is checked)", async () => {
    const admin = await gw.createUser({ role: 'administrator' });
    const p = await gw.createUser();
    const c = await gw.client().signIn(admin.email, admin.password);
    for (let i = 0; i < perAddressAndAccount + 2; i++) {
      const res = await c.fetch(`/api/users/${p.id}/password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
        body: JSON.stringify({ password_nueva: `Nueva-clave-${i}-2026` }),
      });
      expect(res.status).toBe(200);
    }
  });
});
