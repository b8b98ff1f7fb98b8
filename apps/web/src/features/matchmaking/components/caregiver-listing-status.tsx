/**
 * Where a caregiver listing stands (issue 21; decision 0054), shown on the finishing, verification and profile pages:
 * the required fields still missing, each linked to the step that fills it in, and whether the listing is verified
 * (how and when), or a link to verify.
 */
import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconShieldQuestion } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  caregiverStepPath,
  type CaregiverListing,
  type CaregiverListingRequiredField,
  type CaregiverOnboardingStep,
} from '@tend/contracts';
import { wrappingButton } from './caregiver-step.tsx';

/** The step where each required field is filled in. */
export const stepOfField: Record<CaregiverListingRequiredField, CaregiverOnboardingStep> = {
  firstName: 'form',
  zipCode: 'form',
  availabilityStatus: 'additionalInfo',
  bio: 'bioCreation',
};

export const isRequiredField = (path: string): path is CaregiverListingRequiredField => path in stepOfField;

/** The missing required fields, each with a link to its step. */
export function MissingFields({
  fields,
  listingId,
  titleId,
  role,
}: {
  fields: CaregiverListingRequiredField[];
  listingId: string;
  titleId: string;
  role?: 'alert';
}) {
  const intl = useIntl();
  return (
    <Alert
      color="yellow"
      variant="light"
      role={role}
      icon={<IconAlertTriangle aria-hidden />}
      title={intl.formatMessage({ id: titleId })}
      data-testid="missing-fields"
    >
      <List spacing={4}>
        {fields.map((field) => (
          <List.Item key={field}>
            <Anchor component={Link} to={`${caregiverStepPath(stepOfField[field], listingId)}`}>
              {intl.formatMessage({ id: `matchmaking.caregiver.field.${field}` })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

export const VERIFY_PATH = '/matchmaking/verification/id';

/** Verified (how and when) or not (with the link to verify). */
export function VerificationStatus({ listing }: { listing: CaregiverListing }) {
  const intl = useIntl();
  if (listing.verified) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={intl.formatMessage({ id: 'matchmaking.caregiver.verify.verified' })}
        data-testid="verification-status"
      >
        {intl.formatMessage(
          { id: 'matchmaking.caregiver.verify.how' },
          {
            method: intl.formatMessage({
              id: `matchmaking.caregiver.verify.method.${listing.verificationMethod ?? 'admin'}`,
            }),
            date: listing.verifiedAt ? intl.formatDate(listing.verifiedAt, { dateStyle: 'medium' }) : '',
          },
        )}
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldQuestion aria-hidden />}
      title={intl.formatMessage({ id: 'matchmaking.caregiver.verify.notVerified' })}
      data-testid="verification-status"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <FormattedMessage id="matchmaking.caregiver.verify.why" />
        </Text>
        <Button component={Link} to={VERIFY_PATH} {...wrappingButton} variant="light">
          <FormattedMessage id="matchmaking.caregiver.verify.start" />
        </Button>
      </Stack>
    </Alert>
  );
}
