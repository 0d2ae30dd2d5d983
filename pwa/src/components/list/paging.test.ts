import { describe, expect, it } from 'vitest';
import { pageNumbers, paginate, PAGE_SIZE } from './paging';

describe('pages', () => {
  it('pages of 10, 0 pages when empty, and an out-of-range page is clamped', () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(PAGE_SIZE).toBe(10);
    expect(paginate(items, 1)).toMatchObject({ items: items.slice(0, 10), page: 1, pages: 3, total: 23 });
    expect(paginate(items, 3).items).toEqual([20, 21, 22]);
    expect(paginate(items, 99).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate([], 1)).toMatchObject({ items: [], page: 1, pages: 0, total: 0 });
  });

  it('numbers every page when few, else a window with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, '…', 20]);
    expect(pageNumbers(10, 20)).toEqual([1, '…', 9, 10, 11, '…', 20]);
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
  });
});
