import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { FINISHED, useSubmit } from './useSubmit';

const submitEvent = () => ({ preventDefault: jest.fn() }) as unknown as FormEvent & { preventDefault: jest.Mock };

describe('useSubmit', () => {
  it('stops the browser submit and is busy while the work runs, then not', async () => {
    let finish!: () => void;
    const { result } = renderHook(() => useSubmit(() => new Promise<void>((resolve) => (finish = resolve))));
    const event = submitEvent();
    let done!: Promise<void>;
    act(() => {
      done = result.current.submit(event);
    });
    expect(event.preventDefault).toHaveBeenCalled();
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.busy).toBe(false);
  });

  it('is not busy after the work fails, and the failure reaches the caller', async () => {
    const { result } = renderHook(() => useSubmit(() => Promise.reject(new Error('offline'))));
    await act(async () => {
      await expect(result.current.submit(submitEvent())).rejects.toThrow('offline');
    });
    expect(result.current.busy).toBe(false);
  });

  it('ignores a second submit while busy (two clicks in one tick send once)', async () => {
    let finish!: () => void;
    const run = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useSubmit(run));
    let first!: Promise<void>;
    act(() => {
      first = result.current.submit(submitEvent());
      void result.current.submit(submitEvent());
    });
    expect(run).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await first;
    });
    act(() => {
      void result.current.submit(submitEvent());
    });
    expect(run).toHaveBeenCalledTimes(2);
    await act(async () => finish());
  });

  it('does not get busy or run when validate says no', async () => {
    const run = jest.fn(async () => undefined);
    const { result } = renderHook(() => useSubmit(run, { validate: () => false }));
    const event = submitEvent();
    await act(() => result.current.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
  });

  it('stays busy, ignoring submits, once run returns FINISHED', async () => {
    const run = jest.fn(async (): Promise<typeof FINISHED> => FINISHED);
    const { result } = renderHook(() => useSubmit(run));
    await act(() => result.current.submit(submitEvent()));
    expect(result.current.busy).toBe(true);
    await act(() => result.current.submit(submitEvent()));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
