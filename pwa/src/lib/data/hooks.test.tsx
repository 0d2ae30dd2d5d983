// @vitest-environment happy-dom
import { leaveDevice, signInOnDevice } from '../../testing/local-data';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import { localGet, localPut } from '../db';
import { useLoad, useLocalRead } from './hooks';

afterEach(async () => {
  cleanup();
  await leaveDevice();
});

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

describe('useLocalRead: one key\'s records of a local database, live', () => {
  const db = 'captaciones' as const;
  const read = (id: string) => localGet(db, id).then((doc) => (doc ? doc._id : 'ninguna'));

  it('reads again when a change of its key is stored, and shows another key as loading until read, never the former one', async () => {
    signInOnDevice();
    const drawn: string[] = [];
    function View({ id }: { id: string | null }) {
      const state = useLocalRead(db, id, read, (changed, key) => changed === key);
      const text = `${id ?? '-'}=${state.status === 'ready' ? state.value : state.status}`;
      // What reaches the screen (a render React discards and redoes is not drawn).
      useLayoutEffect(() => {
        drawn.push(text);
      });
      return <p data-testid="v">{text}</p>;
    }
    const { rerender } = render(<View id={null} />);
    // No key: nothing is read.
    expect(screen.getByTestId('v').textContent).toBe('-=loading');

    rerender(<View id="cap-1" />);
    expect((await screen.findByText('cap-1=ninguna')).textContent).toBe('cap-1=ninguna');
    await act(async () => {
      await localPut(db, { ...sampleCaptacion(), _id: 'cap-1' });
    });
    expect((await screen.findByText('cap-1=cap-1')).textContent).toBe('cap-1=cap-1');

    drawn.length = 0;
    rerender(<View id="cap-2" />);
    expect((await screen.findByText('cap-2=ninguna')).textContent).toBe('cap-2=ninguna');
    expect(drawn.filter((t) => t.startsWith('cap-2=')).every((t) => t === 'cap-2=loading' || t === 'cap-2=ninguna')).toBe(true);
  });
});
