/**
 * What the guardian and client listing pages share (issue 21; decision 0053): option lists for the contract's
 * enumerations in the page's language, the API's field errors put on their inputs in the page's language, the step
 * frame (title, `OnboardingProgress`, the listing's loading and 404 states) and the page that says a listing is not
 * there (someone else's listing and an unknown id look the same).
 */
import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  type SelectProps,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import {
  matchmakingSexes,
  MISSING_TO_PUBLISH,
  type ClientListing,
  type ClientOnboardingStep,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { isNotFound, useClientListing } from '../api/clients.ts';
import { OnboardingProgress } from './onboarding-progress.tsx';

/** Languages offered for a listing (ISO 639 codes; named by the browser in the page's language). */
export const LANGUAGE_CODES = [
  'en',
  'es',
  'ru',
  'uk',
  'vi',
  'zh',
  'ko',
  'ar',
  'so',
  'tl',
  'fr',
  'ro',
  'fa',
  'pt',
];

/** `{ value, label }` options of a language list, named in `locale` ("español", "inglés"). */
export function languageOptions(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  return LANGUAGE_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }));
}

/** `{ value, label }` options of an enumeration, labels from `matchmaking.client.option.<group>.<value>`. */
export function enumOptions(intl: IntlShape, group: string, values: readonly string[]) {
  return values.map((value) => ({
    value,
    label: intl.formatMessage({ id: `matchmaking.client.option.${group}.${value}` }),
  }));
}

/** A clearable select of an enumeration (`enumOptions`); the rest of the props go to Mantine's `Select`. */
export function EnumSelect({
  group,
  values,
  ...props
}: { group: string; values: readonly string[] } & Omit<SelectProps, 'data'>) {
  const intl = useIntl();
  return <Select data={enumOptions(intl, group, values)} clearable {...props} />;
}

/**
 * First, middle and last name and sex, as the guardian and client forms both ask them. `own`: the person fills in
 * their own name (browser autofill; the last name required).
 */
export function NameAndSexInputs({
  labels,
  inputProps,
  own,
  lastNameHelp,
}: {
  labels: Record<string, string>;
  inputProps: (field: 'firstName' | 'middleName' | 'lastName' | 'sex') => GetInputPropsReturnType;
  own: boolean;
  lastNameHelp?: string;
}) {
  const auto = (value: string) => (own ? value : 'off');
  return (
    <>
      <TextInput
        label={labels.firstName}
        required
        autoComplete={auto('given-name')}
        {...inputProps('firstName')}
      />
      <TextInput
        label={labels.middleName}
        autoComplete={auto('additional-name')}
        {...inputProps('middleName')}
      />
      <TextInput
        label={labels.lastName}
        required={own}
        description={lastNameHelp}
        autoComplete={auto('family-name')}
        {...inputProps('lastName')}
      />
      <EnumSelect label={labels.sex} group="sex" values={matchmakingSexes} {...inputProps('sex')} />
    </>
  );
}

/** The step form's "Save and continue" (busy while saving). */
export function SaveAndContinue({ pending }: { pending: boolean }) {
  return (
    <Group>
      <Button type="submit" loading={pending}>
        <FormattedMessage id="matchmaking.onboarding.continue" />
      </Button>
    </Group>
  );
}

/** The API's field messages the pages say in their own words (others are shown as the API wrote them). */
const knownMessages: Record<string, string> = {
  'is required': 'matchmaking.client.error.required',
  [MISSING_TO_PUBLISH]: 'matchmaking.client.error.requiredToPublish',
  'is not a known US ZIP code': 'matchmaking.client.error.unknownZip',
  'is not a valid phone number': 'matchmaking.client.error.phone',
  'is required to get text messages': 'matchmaking.client.error.phoneForSms',
  'must not be in the future': 'matchmaking.client.error.future',
  'must be a valid email address': 'matchmaking.client.error.email',
};

/** "<label>: <message>" for one field error, in the page's language when the message is a known one. */
export function fieldErrorText(intl: IntlShape, label: string, message: string): string {
  const id = knownMessages[message];
  return intl.formatMessage(
    { id: 'matchmaking.client.error.field' },
    { label, message: id ? intl.formatMessage({ id }) : message },
  );
}

/**
 * Puts an API error's field errors on the inputs `labels` names (a nested path such as `careDetails.diet.0` lands
 * on `careDetails.diet` when that is an input, else on its first part); returns the messages that fit no input.
 */
export function applyFieldErrors(
  intl: IntlShape,
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  labels: Record<string, string>,
): string[] {
  if (!(error instanceof ApiError)) return [intl.formatMessage({ id: 'matchmaking.client.error.generic' })];
  if (error.fieldErrors.length === 0) return [error.message];
  const errors: FormErrors = {};
  const other: string[] = [];
  for (const { path, message } of error.fieldErrors) {
    const parts = path.replace(/^body\./, '').split('.');
    const field = [parts.slice(0, 2).join('.'), parts[0] ?? ''].find((key) => Object.hasOwn(labels, key));
    if (field) errors[field] = fieldErrorText(intl, labels[field] ?? field, message);
    else other.push(fieldErrorText(intl, path, message));
  }
  form.setErrors(errors);
  return other;
}

/** Messages that fit no input, over the form (role alert: read out when they appear). */
export function FormProblems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" role="alert" title={<FormattedMessage id="matchmaking.client.error.title" />}>
      {messages.map((message) => (
        <Text key={message} size="sm">
          {message}
        </Text>
      ))}
    </Alert>
  );
}

/** A listing that is not there (unknown id, or someone else's: the API answers both 404). */
export function ClientListingMissing() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>
        <FormattedMessage id="matchmaking.client.missing.title" />
      </Title>
      <Text>
        <FormattedMessage id="matchmaking.client.missing.text" />
      </Text>
      <Anchor component={Link} to="/matchmaking/client/profile">
        <FormattedMessage id="matchmaking.client.missing.toProfile" />
      </Anchor>
    </Stack>
  );
}

/** The `?clientId=` of the page. */
export function useClientIdParam(): string {
  const [params] = useSearchParams();
  return params.get('clientId') ?? '';
}

/**
 * A step page over listing `?clientId=`: the title, the progress and `children(listing)` once it has loaded;
 * a loader before, the missing page for a 404 (or no id).
 */
export function ClientStepFrame({
  step,
  titleId,
  children,
}: {
  step: ClientOnboardingStep;
  titleId: string;
  children: (listing: ClientListing) => ReactNode;
}) {
  const id = useClientIdParam();
  const listing = useClientListing(id);
  if (id === '' || isNotFound(listing.error)) return <ClientListingMissing />;
  return (
    <Stack gap="md" maw={640} w="100%">
      <OnboardingProgress side="client" step={step} />
      {listing.data ? (
        <>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage id={titleId} values={{ name: listing.data.firstName }} />
          </Title>
          {children(listing.data)}
        </>
      ) : (
        <LoadState failed={listing.isError} />
      )}
    </Stack>
  );
}

/** A loader, or a message when loading failed. */
export function LoadState({ failed }: { failed: boolean }) {
  const intl = useIntl();
  return failed ? (
    <Alert color="red" role="alert">
      <FormattedMessage id="matchmaking.client.error.generic" />
    </Alert>
  ) : (
    <Loader aria-label={intl.formatMessage({ id: 'matchmaking.client.loading' })} />
  );
}
