/**
 * A server error on a Spanish page (decision 0042): the alert and the inputs get the catalogue's words chosen by the
 * error's code and the field reasons, never the server's English.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider, useIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { spanishMessages } from '../../../i18n/catalogue-es.ts';
import { AuthErrorAlert, applyFieldErrors } from './auth-error-alert.tsx';

afterEach(cleanup);

const inSpanish = (node: React.ReactNode) =>
  render(
    <MantineProvider>
      <IntlProvider locale="es" defaultLocale="en" messages={spanishMessages}>
        {node}
      </IntlProvider>
    </MantineProvider>,
  );

describe('AuthErrorAlert', () => {
  it('says a known code in Spanish with the code and request id for support', () => {
    const error = new ApiError(400, 'INVALID_PASSWORD', 'Invalid password', 'req-42', []);
    inSpanish(<AuthErrorAlert title="No se pudo" error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Esa contraseña no es correcta.');
    expect(alert).toHaveTextContent('Código INVALID_PASSWORD · Id. de la solicitud req-42');
    expect(alert).not.toHaveTextContent('Invalid password');
  });

  it('lists the field errors no input shows, each in Spanish with its label', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'password is a commonly used password', 'r', [
      { path: 'password', message: 'is a commonly used password' },
      { path: 'password', message: 'some reason Tend does not know yet' },
    ]);
    inSpanish(<AuthErrorAlert title="t" error={error} labels={{ password: 'Contraseña nueva' }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se aceptaron algunos datos:');
    expect(alert).toHaveTextContent('Contraseña nueva: es una contraseña muy común');
    expect(alert).toHaveTextContent('Contraseña nueva: no se aceptó. Revíselo e inténtelo de nuevo');
    expect(alert).not.toHaveTextContent('commonly');
  });
});

describe('applyFieldErrors', () => {
  it('puts the reasons under their input in Spanish and returns the others', () => {
    const set: Record<string, unknown>[] = [];
    let unmatched: unknown[] = [];
    function Probe() {
      const intl = useIntl();
      const error = new ApiError(400, 'VALIDATION_FAILED', 'x', undefined, [
        { path: 'currentPassword', message: 'is not right' },
        { path: 'elsewhere', message: 'is not right' },
      ]);
      unmatched = applyFieldErrors(intl, { setErrors: (errors) => set.push(errors) }, error, {
        currentPassword: 'Contraseña actual',
      });
      return null;
    }
    inSpanish(<Probe />);
    expect(set.at(-1)).toEqual({ currentPassword: 'Contraseña actual: no es correcta' });
    expect(unmatched).toEqual([{ path: 'elsewhere', message: 'is not right' }]);
  });
});
