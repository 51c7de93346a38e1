import { useEffect, useLayoutEffect, useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@wishes/kit-test';
import { useKeyedState } from './useKeyedState';

const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('useKeyedState', () => {
  it('starts over from the initial value when the key changes: no commit shows the old key’s state', async () => {
    const commits: string[] = [];
    function Page({ onCommit }: { onCommit: (shown: string) => void }) {
      const [id, setId] = useState(1);
      const [status, setStatus] = useKeyedState(id, 'loading');
      useLayoutEffect(() => {
        onCommit(`${id}:${status}`);
      });
      return (
        <>
          <p>{`${id}:${status}`}</p>
          <button onClick={() => setStatus('ready')}>Ready</button>
          <button onClick={() => setId(2)}>Second</button>
        </>
      );
    }
    renderAt(<Page onCommit={(shown) => commits.push(shown)} />);
    await click('Ready');
    expect(screen.getByText('1:ready')).toBeInTheDocument();
    await click('Second');
    expect(screen.getByText('2:loading')).toBeInTheDocument();
    expect(commits).not.toContain('2:ready');
    await click('Ready');
    await click('Second'); // the same key: the state stays
    expect(screen.getByText('2:ready')).toBeInTheDocument();
  });

  it('compares an array key item by item, and takes a lazy initial value', async () => {
    const initial = jest.fn((): string[] => []);
    function List() {
      const [page, setPage] = useState(1);
      const [items, setItems] = useKeyedState(['feed', page], initial);
      return (
        <>
          <p>{items.join(',') || 'empty'}</p>
          <button onClick={() => setItems((current) => [...current, `item ${page}`])}>Add</button>
          <button onClick={() => setPage(1)}>Page 1</button>
          <button onClick={() => setPage(2)}>Page 2</button>
        </>
      );
    }
    renderAt(<List />);
    await click('Add');
    await click('Page 1');
    expect(screen.getByText('item 1')).toBeInTheDocument();
    expect(initial).toHaveBeenCalledTimes(1);
    await click('Page 2');
    expect(screen.getByText('empty')).toBeInTheDocument();
    expect(initial).toHaveBeenCalledTimes(2);
  });

  it('serves "loading again for a new key" with the effect setting state only when the load settles', async () => {
    const loads: Record<number, (value: string) => void> = {};
    function Item({ load }: { load: (id: number) => Promise<string> }) {
      const [id, setId] = useState(1);
      const [state, setState] = useKeyedState(id, 'loading');
      useEffect(() => {
        let active = true;
        void load(id).then((value) => active && setState(value));
        return () => {
          active = false;
        };
      }, [id, load, setState]);
      return (
        <>
          <p>{state}</p>
          <button onClick={() => setId(2)}>Next</button>
        </>
      );
    }
    const load = (id: number) => new Promise<string>((resolve) => (loads[id] = resolve));
    renderAt(<Item load={load} />);
    await act(async () => loads[1]('one'));
    expect(screen.getByText('one')).toBeInTheDocument();
    await click('Next');
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => loads[1]('late'));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => loads[2]('two'));
    expect(screen.getByText('two')).toBeInTheDocument();
  });
});
