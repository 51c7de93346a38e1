import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { useSubmit } from './useSubmit';

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
});
