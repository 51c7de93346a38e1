import { ApiError } from '@wishes/kit-client';
import { loginErrorMessage } from './loginError';

describe('loginErrorMessage', () => {
  it('prefers detail over non_field_errors on a 401', () => {
    expect(loginErrorMessage(new ApiError('x', 401, { detail: 'A', non_field_errors: ['B'] }))).toBe('A');
  });
  it('ignores blank or non-string texts and falls back to the default', () => {
    expect(loginErrorMessage(new ApiError('x', 401, { detail: '  ', non_field_errors: [3] }))).toBe('Invalid email or password');
    expect(loginErrorMessage(new ApiError('x', 401, null))).toBe('Invalid email or password');
  });
  it('treats anything that is not an ApiError as a failure to sign in', () => {
    expect(loginErrorMessage(new Error('boom'))).toBe('Unable to sign in. Please check your credentials.');
  });
});
