// The library is the kit's dependency, not this remote's: the one method used, typed here.
interface Mutation<TData, TVars> {
  mutate: (vars: TVars, options: { onSuccess: (data: TData) => void; onError: (error: Error) => void }) => void;
}

/**
 * Runs `mutation` and settles with its answer only while the component that owns it is mounted:
 * TanStack Query drops a `mutate` call's own callbacks once its observer is gone, so code awaiting
 * this after the page was left never resumes (no toast, no state, no navigation). This is what the
 * `mounted` refs used to guard by hand.
 */
export function settleWhileMounted<TData, TVars>(mutation: Mutation<TData, TVars>, vars: TVars): Promise<TData> {
  return new Promise<TData>((resolve, reject) => mutation.mutate(vars, { onSuccess: (data) => resolve(data), onError: reject }));
}
