import { describe, expect, it } from 'vitest';
import { readListState, withPage, withSearch, writeListState } from './url-state';

describe('list state in the URL', () => {
  it('reads search and page, with page 1 for anything that is not a page number', () => {
    expect(readListState(new URLSearchParams('q=ana&page=3'))).toEqual({ q: 'ana', page: 3 });
    for (const bad of ['0', '-1', 'abc', '2.5', '', '1e3']) {
      expect(readListState(new URLSearchParams(`page=${bad}`)).page).toBe(1);
    }
    expect(readListState(new URLSearchParams())).toEqual({ q: '', page: 1 });
  });

  it('leaves defaults out and keeps other parameters', () => {
    expect(writeListState({ q: '', page: 1 }).toString()).toBe('');
    expect(writeListState({ q: 'Calle 5', page: 2 }, new URLSearchParams('x=1')).toString()).toBe('x=1&q=Calle+5&page=2');
  });

  it('a new search goes back to page 1 (spec 001 section 4)', () => {
    const next = withSearch(new URLSearchParams('q=ana&page=4'), 'anab');
    expect(readListState(next)).toEqual({ q: 'anab', page: 1 });
    expect(next.has('page')).toBe(false);
  });

  it('changing page keeps the search', () => {
    expect(readListState(withPage(new URLSearchParams('q=centro'), 2))).toEqual({ q: 'centro', page: 2 });
  });

  it('a search written with accents and symbols survives the round trip', () => {
    const q = 'Peña & Hijos #5 (Mérida)';
    expect(readListState(new URLSearchParams(writeListState({ q, page: 1 }).toString())).q).toBe(q);
  });
});
