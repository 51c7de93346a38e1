import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { DataProvider } from './DataProvider';
import { createQueryClient, getQueryClient } from './queryClient';
import { useQuery } from './siteHooks';
import { useWishMutation } from './hooks';
import { queryKeys } from '../queryKeys';
import { ApiError } from '../client';

const wish = (likes: number) => ({ id: 7, text: 'Hi', likes });

function setUp() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.feed(1), { wishes: [wish(1)] });
  const wrapper = ({ children }: { children: ReactNode }) => <DataProvider client={client}>{children}</DataProvider>;
  return { client, wrapper };
}

it('shows the optimistic change at once and then the server answer', async () => {
  const { client, wrapper } = setUp();
  let answer: (value: { likes: number }) => void = () => undefined;
  const { result } = renderHook(
    () =>
      useWishMutation({
        mutationFn: () => new Promise<{ likes: number }>((resolve) => (answer = resolve)),
        optimistic: () => ({ id: 7, likes: 2 }) as never,
        settled: (data) => ({ id: 7, likes: data.likes }) as never,
      }),
    { wrapper },
  );
  act(() => result.current.mutate(undefined));
  await waitFor(() => expect(client.getQueryData(queryKeys.feed(1))).toEqual({ wishes: [wish(2)] }));
  act(() => answer({ likes: 3 }));
  await waitFor(() => expect(client.getQueryData(queryKeys.feed(1))).toEqual({ wishes: [wish(3)] }));
});

it('rolls the optimistic change back when the call fails', async () => {
  const { client, wrapper } = setUp();
  const { result } = renderHook(
    () =>
      useWishMutation({
        mutationFn: () => Promise.reject(new ApiError('Failed to vote', 500)),
        optimistic: () => ({ id: 7, likes: 2 }) as never,
        settled: () => null,
      }),
    { wrapper },
  );
  act(() => result.current.mutate(undefined));
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(client.getQueryData(queryKeys.feed(1))).toEqual({ wishes: [wish(1)] });
});

it('without a provider the hooks use the page-wide client (a remote with its own copy of the library)', () => {
  getQueryClient().setQueryData(['wishes', 'probe'], 'cached');
  const { result } = renderHook(() => useQuery({ queryKey: ['wishes', 'probe'], queryFn: () => 'fetched', staleTime: Infinity }));
  expect(result.current.data).toBe('cached');
});
