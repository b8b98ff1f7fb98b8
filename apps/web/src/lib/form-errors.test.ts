import { describe, expect, it } from 'vitest';
import type { FormErrors } from '@mantine/form';
import { ApiError } from './api-client.ts';
import { applyApiFieldErrors } from './form-errors.ts';

const apiError = (errors: { path: string; message: string }[]) =>
  new ApiError(400, 'VALIDATION_FAILED', 'Some fields are invalid', 'req-1', errors);

function apply(error: unknown, labels: Record<string, string>) {
  let set: FormErrors = {};
  const unmatched = applyApiFieldErrors({ setErrors: (errors) => (set = errors) }, error, labels);
  return { set, unmatched };
}

describe('applyApiFieldErrors', () => {
  it('puts one error on its input as before, and returns the ones that match no input', () => {
    const { set, unmatched } = apply(
      apiError([
        { path: 'body.email', message: 'is already used by another account' },
        { path: 'token', message: 'is required' },
      ]),
      { email: 'Email' },
    );
    expect(set).toEqual({ email: 'Email is already used by another account' });
    expect(unmatched).toEqual([{ path: 'token', message: 'is required' }]);
  });

  it('shows every error of one input, in order, once each', () => {
    const { set } = apply(
      apiError([
        { path: 'password', message: 'is a commonly used password' },
        { path: 'email', message: 'is already used by another account' },
        { path: 'password', message: 'must not contain the name "Ward".' },
        { path: 'password', message: 'is a commonly used password' },
      ]),
      { email: 'Email', password: 'Password' },
    );
    expect(set).toEqual({
      email: 'Email is already used by another account',
      password: 'Password is a commonly used password. Password must not contain the name "Ward"',
    });
  });

  it('does nothing for errors that are not API field errors', () => {
    expect(apply(new Error('boom'), { email: 'Email' })).toEqual({ set: {}, unmatched: [] });
  });
});
