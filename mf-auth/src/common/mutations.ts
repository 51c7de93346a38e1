import { call, useMutation } from '@wishes/kit-client';
import { signIn } from '@wishes/kit-session';
import { type CreateUserRequest, type ResetConfirmRequest } from '@wishes/kit-contract';

/** The token call (POST /api/token/): the sign-in page and sign-up's automatic sign-in. */
export function useLogin() {
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => call('obtainToken', { body: { username: email, password } }) });
}

/**
 * Stores the tokens. The page's cache follows the session (shared/kit-client/src/query/queryClient.ts): what
 * was fetched for the visitor is reset and what is on screen reloads as the member sees it.
 */
export function useStartSession() {
  return (tokens: { access: string; refresh: string }, email: string) => signIn(tokens, email);
}

export const useCreateUser = () => useMutation({ mutationFn: (body: CreateUserRequest) => call('createUser', { body }) });
export const useResetRequest = () => useMutation({ mutationFn: (email: string) => call('requestPasswordReset', { body: { email } }) });
export const useResetConfirm = () => useMutation({ mutationFn: (body: ResetConfirmRequest) => call('confirmPasswordReset', { body }) });
