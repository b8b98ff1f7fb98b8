import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { passwordHint } from '@tend/contracts';
import { CreateUserModal } from './create-user-modal.tsx';

const problem = (errors: { path: string; message: string }[]) =>
  new Response(
    JSON.stringify({
      type: 'https://tend.local/problems/validation-failed',
      title: 'Some fields are invalid',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: errors.map((e) => `${e.path} ${e.message}`).join('; '),
      requestId: 'req-1',
      errors,
    }),
    { status: 400, headers: { 'content-type': 'application/problem+json' } },
  );

let requests: unknown[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: string, init?: RequestInit) => {
      requests.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
      return Promise.resolve(
        problem([
          { path: 'password', message: 'is a commonly used password with only digits or symbols added' },
          { path: 'password', message: 'must not contain the name "Marigold"' },
        ]),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <CreateUserModal opened onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('CreateUserModal password', () => {
  it('shows the hint, then every reason the server refuses the password for, under the input', async () => {
    renderModal();
    const password = await screen.findByLabelText(/Initial password/);
    expect(screen.getByText(passwordHint, { exact: false })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Marigold' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Ward' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), {
      target: { value: 'marigold@example.org' },
    });
    fireEvent.change(password, { target: { value: 'Marigold2024!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));

    const reasons = await screen.findByText(
      'Initial password is a commonly used password with only digits or symbols added. ' +
        'Initial password must not contain the name "Marigold"',
    );
    expect(requests).toHaveLength(1);
    // The reasons are the password input's error message (Mantine links it with aria-describedby).
    expect(reasons.id).not.toBe('');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(reasons.id);
    expect(
      screen.getByText('Some fields need attention: see the message under each one.'),
    ).toBeInTheDocument();
  });
});
