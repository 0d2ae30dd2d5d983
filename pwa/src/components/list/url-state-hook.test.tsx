// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_URL_PAUSE_MS, useListUrlState } from './url-state';

function openList(query: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[`/lista${query}`]}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListUrlState(), search: useLocation().search, navigate: useNavigate() }), { wrapper });
}

describe('a list search typed into the box', () => {
  afterEach(cleanup);

  it('shows at once on page 1 and reaches the URL once typing pauses', async () => {
    const { result } = openList('?q=ana&page=3');
    act(() => result.current.list.setSearch('c'));
    act(() => result.current.list.setSearch('ca'));
    act(() => result.current.list.setSearch('casa'));
    expect(result.current.list).toMatchObject({ q: 'casa', page: 1 });
    expect(result.current.search).toBe('?q=ana&page=3');
    await waitFor(() => expect(result.current.search).toBe('?q=casa'), { timeout: SEARCH_URL_PAUSE_MS * 5 });
    expect(result.current.list).toMatchObject({ q: 'casa', page: 1 });
  });

  it('goes into the URL with a row chosen or a page turned before the pause', () => {
    const { result } = openList('');
    act(() => result.current.list.setSearch('centro'));
    act(() => result.current.list.setSelected('e-7'));
    expect(result.current.search).toBe('?q=centro&sel=e-7');
    expect(result.current.list).toMatchObject({ q: 'centro', selected: 'e-7' });
    act(() => result.current.list.setSearch('centro norte'));
    act(() => result.current.list.setPage(2));
    expect(result.current.search).toBe('?q=centro+norte&sel=e-7&page=2');
    expect(result.current.list).toMatchObject({ q: 'centro norte', page: 2 });
  });

  it('gives way to an address changed by other means (a link, Atrás)', async () => {
    const { result } = openList('?q=ana');
    act(() => result.current.list.setSearch('anab'));
    act(() => void result.current.navigate('/lista?q=otra'));
    expect(result.current.list.q).toBe('otra');
    await new Promise((r) => setTimeout(r, SEARCH_URL_PAUSE_MS * 2));
    expect(result.current.search).toBe('?q=otra');
  });
});
