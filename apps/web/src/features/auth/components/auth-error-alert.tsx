/**
 * An API error on the sign-in, confirmation, account and two-step verification pages, in the page's language
 * (decision 0042): the words chosen by the error's code (error-words.ts), the field errors that landed on no input
 * as sentences, "Try again" when `onRetry` is given, and the code and request id for support (UX.md "Errors").
 * `applyFieldErrors` puts the other field errors under their inputs, in the same words.
 */
import { Alert, Button, Code, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { FormErrors } from '@mantine/form';
import type { FieldError } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorWords, fieldErrorWords, fieldErrorsOf, type ErrorContext, type Words } from '../error-words.ts';

const say = (intl: IntlShape, words: Words) => intl.formatMessage({ id: words.id }, words.values);

/** An input's label by the API's field path (`password`, `newEmail`…), in the page's language. */
export type FieldLabels = Record<string, string>;

/** The field path without a `body.` prefix, and the input it lands on (`emails.0` → `emails`). */
const fieldOf = (path: string) => {
  const bare = path.replace(/^body\./, '');
  return bare.split('.')[0] ?? bare;
};

/**
 * Puts `error`'s field errors on the inputs `labels` names, in the page's language (several on one input joined
 * as sentences). Returns the field errors that match no input, for the alert to list.
 */
export function applyFieldErrors(
  intl: IntlShape,
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  labels: FieldLabels,
): FieldError[] {
  const unmatched: FieldError[] = [];
  const messages = new Map<string, string[]>();
  for (const fieldError of fieldErrorsOf(error)) {
    const field = fieldOf(fieldError.path);
    const label = labels[field];
    if (label === undefined || !Object.hasOwn(labels, field)) {
      unmatched.push(fieldError);
      continue;
    }
    const list = messages.get(field) ?? [];
    const sentence = say(intl, fieldErrorWords(fieldError, label));
    if (!list.includes(sentence)) list.push(sentence);
    messages.set(field, list);
  }
  if (messages.size > 0)
    form.setErrors(Object.fromEntries([...messages].map(([field, list]) => [field, list.join('. ')])));
  return unmatched;
}

export function AuthErrorAlert({
  title,
  error,
  context,
  fieldErrors,
  labels = {},
  onRetry,
}: {
  title: string;
  error: unknown;
  context?: ErrorContext;
  /** Field errors to list; defaults to all of the error's. Pass those not shown on an input. */
  fieldErrors?: FieldError[];
  /** Labels of the inputs the listed field errors name (their path otherwise). */
  labels?: FieldLabels;
  onRetry?: () => void;
}) {
  const intl = useIntl();
  const apiError = error instanceof ApiError ? error : undefined;
  const all = fieldErrorsOf(error).filter((fieldError) => fieldError.path !== 'token' || !context?.link);
  const listed = (fieldErrors ?? all).filter((fieldError) => fieldError.path !== 'token' || !context?.link);
  const someOnInputs = fieldErrors !== undefined && listed.length < all.length;
  const message: Words =
    all.length > 0
      ? { id: someOnInputs ? 'auth.error.fieldsNeedAttention' : 'auth.error.valuesNotAccepted' }
      : errorWords(error, context);
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      <Text size="sm">{say(intl, message)}</Text>
      {listed.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {listed.map((fieldError) => (
            <li key={`${fieldError.path}:${fieldError.message}`}>
              <Text size="sm">
                {say(
                  intl,
                  fieldErrorWords(fieldError, labels[fieldOf(fieldError.path)] ?? fieldOf(fieldError.path)),
                )}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {onRetry && (
        <Button
          mt={6}
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          <FormattedMessage id="auth.error.retry" />
        </Button>
      )}
      {apiError && (apiError.requestId || apiError.code) && (
        <Text size="xs" c="dimmed" mt={6}>
          {apiError.code && (
            <FormattedMessage
              id="auth.error.code"
              values={{ code: apiError.code, c: (text) => <Code>{text}</Code> }}
            />
          )}
          {apiError.code && apiError.requestId && <FormattedMessage id="auth.error.separator" />}
          {apiError.requestId && (
            <FormattedMessage
              id="auth.error.requestId"
              values={{ id: apiError.requestId, c: (text) => <Code>{text}</Code> }}
            />
          )}
        </Text>
      )}
    </Alert>
  );
}
