// @vitest-environment happy-dom
/**
 * A page that arrived with its session answered (the gateway's shell page of a signed-in
 * navigation) needs no check-auth: the session stands from the first render. Anything else in
 * that block is ignored and the server is asked, as before.
 */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SESSION_ID } from '../../../couch-design/usuario/session-answer';
import { fakeFetch } from './fake-fetch';
import { USER_STORAGE_KEY } from './session-storage';

const ANA = { id: 'u-ana', role: 'asesor', empleado_id: 'e-7', email: 'ana@inmo.mx', nombre: 'Ana López' };

function pageWith(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_SESSION_ID;
  block.textContent = text;
  document.head.append(block);
}

/** Fresh modules: the first check is once per page. */
async function freshModules() {
  vi.resetModules();
  // The person's key, as main.tsx opens it before the first render (lib/vault/resume.ts).
  await import('../testing/test-keys');
  return { check: await import('./session-check'), session: await import('./session') };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.getElementById(PAGE_SESSION_ID)?.remove();
  vi.unstubAllGlobals();
});

describe("the page's own session answer", () => {
  it('stands from the first render, with no request, and keeps the user for offline use', async () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    pageWith(JSON.stringify({ success: true, authenticated: true, user: ANA }));
    const { check, session } = await freshModules();

    expect(check.startFirstSessionCheck()).toEqual({ status: 'authenticated', user: ANA, fromCache: false });
    expect(document.getElementById(PAGE_SESSION_ID)).toBeNull();

    const seen: string[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => <session.SessionProvider>{children}</session.SessionProvider>;
    const { result } = renderHook(
      () => {
        const value = session.useSession();
        // What a screen's first read finds (its effects run before the provider's).
        const stored = localStorage.getItem(USER_STORAGE_KEY) ? 'guardado' : 'sin guardar';
        seen.push(`${value.status}/${value.checking}/${stored}`);
        return value;
      },
      { wrapper },
    );
    expect(seen[0]).toBe('authenticated/false/guardado');
    expect(result.current.user).toEqual(ANA);
    // Clear in storage: what finds the person's sealed data, never their name or e-mail (lib/vault).
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual({ id: ANA.id, role: ANA.role, empleado_id: ANA.empleado_id });
    expect(fake.calls).toHaveLength(0);
  });

  it('is ignored when damaged, anonymous or not a user: the server is asked', async () => {
    for (const text of ['{no es json', JSON.stringify({ success: false, authenticated: false }), JSON.stringify({ success: true, user: 'u-ana' })]) {
      const fake = fakeFetch({ 'GET /api/check-auth': { json: { success: true, authenticated: true, user: ANA } } });
      vi.stubGlobal('fetch', fake.fetch);
      pageWith(text);
      const { check } = await freshModules();
      expect(check.startFirstSessionCheck(), text).toBeNull();
      expect(await check.takeFirstCheck(), text).toMatchObject({ status: 'authenticated', user: ANA });
      expect(fake.calls.map((c) => c.url), text).toEqual(['/api/check-auth']);
    }
  });
});
