/**
 * Form errors from the contract schemas (UX.md "Forms": the contract's zod schema validates the
 * form; errors land on the field that caused them). `zodResolver` is the `validate` function of a
 * Mantine `useForm`; `toFormErrors` also places the API's field errors (`ApiError.fieldErrors`,
 * problem+json `errors[].path`) so client and server errors read the same.
 */
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/** Key of an error that belongs to no input; forms show it above their buttons. */
export const FORM_ERROR = '_form';

export interface FormErrorOptions {
  /** Input labels by field: a message like "is required" becomes "Name is required". */
  labels?: Record<string, string>;
  /**
   * The form's inputs. A nested path (`emails.2`) lands on the input it starts with (`emails`);
   * a path matching no input lands on FORM_ERROR. Without it every path is kept as is.
   */
  fields?: readonly string[];
}

function withLabel(message: string, label: string | undefined): string {
  if (label && /^[a-z]/.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** `{ path, message }` list → Mantine FormErrors; the first message per input wins. */
export function toFormErrors(
  entries: readonly { path: string; message: string }[],
  options: FormErrorOptions = {},
): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of entries) {
    const field = options.fields
      ? (options.fields.find((name) => path === name || path.startsWith(`${name}.`)) ?? FORM_ERROR)
      : path || FORM_ERROR;
    const text =
      field === FORM_ERROR && path ? `${path}: ${message}` : withLabel(message, options.labels?.[field]);
    errors[field] ??= text;
  }
  return errors;
}

const valueAt = (values: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    values,
  );

const emptyCodes = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

/**
 * A Mantine `validate` function from a zod schema: parses the values and turns each issue into an
 * error on its input. A failing field left empty reads "is required" (zod's own "Invalid input:
 * expected string, received null" means nothing to a person).
 */
export function zodResolver(
  schema: z.ZodType,
  options: FormErrorOptions = {},
): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const entries = result.error.issues.map((issue) => {
      const value = valueAt(values, issue.path);
      const empty = emptyCodes.has(issue.code) && (value === undefined || value === null || value === '');
      return { path: issue.path.map(String).join('.'), message: empty ? 'is required' : issue.message };
    });
    return toFormErrors(entries, options);
  };
}
