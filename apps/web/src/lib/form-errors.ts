/**
 * Form errors (UX.md "Forms", STYLE.md s.12): the contract's zod schema validates the Mantine form,
 * and the API's field errors (problem+json `errors[].path`) land on the inputs they name. Contract
 * messages are fragments ("is required", "must be a valid email address"); with the input's label
 * they read as sentences ("Email must be a valid email address").
 */
import { schemaResolver, type FormErrors } from '@mantine/form';
import type { FieldError } from '@tend/contracts';
import { ApiError } from './api-client.ts';

export type FieldLabels = Record<string, string>;
/**
 * The values of a Mantine form (`useForm`'s own constraint). `any`, not `unknown`, so that value
 * interfaces and contract input types, which have no index signature, fit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormValues = Record<string, any>;
/** A Standard Schema (every zod schema is one), as Mantine's `schemaResolver` takes it. */
export type ContractSchema = Parameters<typeof schemaResolver>[0];

/** "is required" + "Email" → "Email is required"; a message that already starts with a capital stays. */
export function labelMessage(message: string, label: string | undefined): string {
  if (label && /^[a-z]/.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function labelErrors(errors: FormErrors, labels: FieldLabels): FormErrors {
  const labelled: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    labelled[path] = typeof message === 'string' ? labelMessage(message, labels[field]) : message;
  }
  return labelled;
}

/** A synchronous Mantine `validate` function from a contract schema, messages prefixed with labels. */
export function contractValidator(schema: ContractSchema, labels: FieldLabels = {}) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown): FormErrors => labelErrors(resolve(values), labels);
}

interface ErrorSettable {
  setErrors: (errors: FormErrors) => void;
}

/**
 * Puts an `ApiError`'s field errors on the inputs they name (`labels` keys are the inputs; a nested
 * path such as `emails.0` lands on `emails`). Several errors on one input (a refused password's
 * reasons) are all shown, as sentences in the API's order: "Password is a commonly used password.
 * Password must not contain the name "Ward"" (one error reads as before, without a full stop).
 * Returns the field errors that match no input, so the caller can list them with the form-level message.
 */
export function applyApiFieldErrors(form: ErrorSettable, error: unknown, labels: FieldLabels): FieldError[] {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return [];
  const messages = new Map<string, string[]>();
  const unmatched: FieldError[] = [];
  for (const fieldError of error.fieldErrors) {
    const path = fieldError.path.replace(/^body\./, '');
    const field = path.split('.')[0] ?? path;
    if (!Object.hasOwn(labels, field)) {
      unmatched.push(fieldError);
      continue;
    }
    const message = labelMessage(fieldError.message, labels[field]);
    const list = messages.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    messages.set(field, list);
  }
  const matched: FormErrors = {};
  for (const [field, list] of messages) matched[field] = list.map((m) => m.replace(/\.$/, '')).join('. ');
  form.setErrors(matched);
  return unmatched;
}
