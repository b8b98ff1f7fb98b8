/**
 * Shows an error from the API (UX.md "Errors"): what happened in words, with the problem+json `code`
 * and request id available for support. Non-API errors show their message.
 */
import { Alert, Button, Code, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FieldError } from '@tend/contracts';
import { ApiError } from '../../lib/api-client.ts';

export interface ApiErrorAlertProps {
  error: unknown;
  title?: string;
  /** What the user can do next, shown under the message. */
  hint?: ReactNode;
  onClose?: () => void;
  /** Field errors to list; defaults to all of the error's. Pass those not shown on an input. */
  fieldErrors?: FieldError[];
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

export function ApiErrorAlert({
  error,
  title = 'Something went wrong',
  hint,
  onClose,
  fieldErrors,
}: ApiErrorAlertProps) {
  const apiError = error instanceof ApiError ? error : undefined;
  const listed = fieldErrors ?? apiError?.fieldErrors ?? [];
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Dismiss error"
      onClose={onClose}
    >
      <Text size="sm">
        {fieldErrors && apiError && apiError.fieldErrors.length > 0
          ? fieldErrors.length < apiError.fieldErrors.length
            ? 'Some fields need attention: see the message under each one.'
            : 'Some values were not accepted:'
          : errorMessage(error)}
      </Text>
      {listed.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {listed.map((fieldError) => (
            <li key={`${fieldError.path}:${fieldError.message}`}>
              <Text size="sm">
                {fieldError.path}: {fieldError.message}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {hint && (
        <Text size="sm" mt={4}>
          {hint}
        </Text>
      )}
      {apiError && (apiError.requestId || apiError.code) && (
        <Text size="xs" c="dimmed" mt={6}>
          {apiError.code && (
            <>
              Code <Code>{apiError.code}</Code>
            </>
          )}
          {apiError.requestId && (
            <>
              {' · '}Request id <Code>{apiError.requestId}</Code>
            </>
          )}
        </Text>
      )}
    </Alert>
  );
}

/** A load error (UX.md "Errors": message, problem+json code and request id) with "Try again" when `onRetry` is given. */
export function LoadErrorAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <ApiErrorAlert
      title={title}
      error={error}
      hint={
        onRetry ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            Try again
          </Button>
        ) : undefined
      }
    />
  );
}
