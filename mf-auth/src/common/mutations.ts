import { call, signIn, useMutation, useQueryClient, type CreateUserRequest, type ResetConfirmRequest } from '@wishes/shared';

/** The token call (POST /api/token/): the sign-in page and sign-up's automatic sign-in. */
export function useLogin() {
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => call('obtainToken', { body: { username: email, password } }) });
}

/**
 * Stores the tokens, then resets every cached answer (and reloads the ones on screen): what was
 * fetched for the visitor (feeds without their votes or private wishes, profiles) must not be shown
 * to the member.
 */
export function useStartSession() {
  const client = useQueryClient();
  return (tokens: { access: string; refresh: string }, email: string) => {
    signIn(tokens, email);
    void client.resetQueries();
  };
}

export const useCreateUser = () => useMutation({ mutationFn: (body: CreateUserRequest) => call('createUser', { body }) });
export const useResetRequest = () => useMutation({ mutationFn: (email: string) => call('requestPasswordReset', { body: { email } }) });
export const useResetConfirm = () => useMutation({ mutationFn: (body: ResetConfirmRequest) => call('confirmPasswordReset', { body }) });
