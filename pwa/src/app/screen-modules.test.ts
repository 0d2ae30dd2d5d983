import { describe, expect, it } from 'vitest';
import { DASHBOARD_SCREEN_TABLE, PUBLIC_SCREEN_TABLE, type ScreenDeclaration } from '../lib/screens';
import { SCREEN_FILES } from './screen-modules';

const dashboard = Object.entries(DASHBOARD_SCREEN_TABLE) as [string, ScreenDeclaration][];
const every = [...dashboard, ...(Object.entries(PUBLIC_SCREEN_TABLE) as [string, ScreenDeclaration][])];

describe('the route table (lib/screens.ts)', () => {
  it('each screen names a file of the features that exists, and every screen file is a route', () => {
    const declared = every.flatMap(([, s]) => (s.module ? [`../features/${s.module}.tsx`] : []));
    expect(declared.sort()).toEqual(Object.keys(SCREEN_FILES).sort());
  });

  it('each screen has its own code and title, or is the second reading of one that has', () => {
    for (const [name, s] of dashboard) {
      if (s.sameAs) {
        expect(s.module, name).toBeUndefined();
        expect(s.title, name).toBeUndefined();
        expect(DASHBOARD_SCREEN_TABLE[s.sameAs as keyof typeof DASHBOARD_SCREEN_TABLE], name).toMatchObject({ module: expect.any(String) });
      } else {
        expect(s.module, name).toEqual(expect.any(String));
        expect(s.title, name).toEqual(expect.any(String));
      }
    }
  });

  it('where a refused person goes and what a sidebar entry lights up on are screens of the table', () => {
    const names = new Set(dashboard.map(([name]) => name));
    for (const [name, s] of dashboard) {
      if (s.refused) expect(names.has(s.refused), `${name}.refused`).toBe(true);
      for (const other of s.menu?.lights ?? []) expect(names.has(other), `${name}.menu.lights`).toBe(true);
      // A refused person is sent to a fixed screen everyone may open.
      if (s.refused) expect(DASHBOARD_SCREEN_TABLE[s.refused as keyof typeof DASHBOARD_SCREEN_TABLE].path, name).not.toContain(':');
    }
  });
});
