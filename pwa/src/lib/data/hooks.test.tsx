// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoad } from './hooks';

afterEach(cleanup);

/** A watchable source: `change()` tells the hook something changed (as a sync's write does). */
function source<T>(initial: T) {
  let value = initial;
  const listeners = new Set<(id: string) => void>();
  const counts = { loaded: 0 };
  return {
    counts,
    set: (v: T) => (value = v),
    load: () => Promise.resolve(value).then((v) => (counts.loaded++, v)),
    watch: (l: (id: string) => void) => (listeners.add(l), () => listeners.delete(l)),
    change: () => listeners.forEach((l) => l('doc-1')),
  };
}

const sameRevs = (a: Array<{ _rev: string }>, b: Array<{ _rev: string }>) => a.length === b.length && a.every((d, i) => d._rev === b[i]._rev);

describe('useLoad with `same` (issue 36 item 5)', () => {
  it('draws nothing again for a reload whose value is the same as the one shown, and draws a changed one', async () => {
    const src = source([{ _rev: '1-a' }]);
    let draws = 0;
    function View() {
      const [state] = useLoad(src.load, { source: 'local', watch: src.watch, same: sameRevs });
      draws++;
      return <p data-testid="v">{state.status === 'ready' ? state.value.map((d) => d._rev).join() : state.status}</p>;
    }
    render(<View />);
    expect((await screen.findByText('1-a')).textContent).toBe('1-a');
    const afterFirst = draws;

    // The same revisions in new objects, as every reload reads them.
    src.set([{ _rev: '1-a' }]);
    const loaded = src.counts.loaded;
    act(() => src.change());
    await waitFor(() => expect(src.counts.loaded).toBe(loaded + 1));
    // The reload's answer has been handled once its promise chain ran.
    await act(async () => {
      await Promise.resolve();
    });
    expect(draws).toBe(afterFirst);

    src.set([{ _rev: '2-b' }]);
    await act(async () => {
      src.change();
    });
    expect((await screen.findByText('2-b')).textContent).toBe('2-b');
    expect(draws).toBeGreaterThan(afterFirst);
  });
});
