/**
 * Step `listingFinalization`, `/matchmaking/client/listingFinalization?clientId=` (issue 21; decision 0053): a
 * review of the listing with a link back to each step, who may see it (every caregiver, or only matches), hidden,
 * and "Publish". A listing missing what it needs is refused by the API; each missing field is named here with a link
 * to the step that fills it in. Published: the welcome page (`/matchmaking/client/profileFirstTime?clientId=`).
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, List, Radio, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import {
  clientListingRequiredFields,
  clientVisibilities,
  type ClientListing,
  type ClientListingRequiredField,
  type ClientOnboardingStep,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useWriteClientListing } from '../api/clients.ts';
import { ClientStepFrame, enumOptions, FormProblems } from '../components/client-form-parts.tsx';
import { editStepPath } from '../components/client-steps.ts';

export function ClientListingFinalizationPage() {
  return (
    <ClientStepFrame step="listingFinalization" titleId="matchmaking.client.finalize.title">
      {(listing) => <Review listing={listing} />}
    </ClientStepFrame>
  );
}

/** One reviewed section: its heading, a link back to its step, and its lines. */
function Section({
  titleId,
  step,
  id,
  lines,
}: {
  titleId: string;
  step: ClientOnboardingStep;
  id: string;
  lines: (string | null)[];
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  const shown = lines.filter((line): line is string => Boolean(line));
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor
          component={Link}
          to={editStepPath(step, id)}
          aria-label={intl.formatMessage(
            { id: 'matchmaking.client.finalize.editSection' },
            { section: title },
          )}
        >
          <FormattedMessage id="matchmaking.client.finalize.edit" />
        </Anchor>
      </Group>
      {shown.length > 0 ? (
        shown.map((line) => (
          <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="matchmaking.client.finalize.nothingYet" />
        </Text>
      )}
    </Card>
  );
}

/** Visibility, hidden and "Publish": the API's 400 names each missing field, kept to list them. */
function usePublish(listing: ClientListing) {
  const intl = useIntl();
  const navigate = useNavigate();
  const write = useWriteClientListing();
  const [visibility, setVisibility] = useState(listing.visibility ?? 'public');
  const [hidden, setHidden] = useState(listing.hidden);
  const [missing, setMissing] = useState<ClientListingRequiredField[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const publish = () => {
    setMissing([]);
    setProblems([]);
    write.mutate(
      {
        kind: 'finalize',
        id: listing.id,
        body: { visibility: visibility as (typeof clientVisibilities)[number], hidden },
      },
      {
        onSuccess: (saved) => void navigate(`/matchmaking/client/profileFirstTime?clientId=${saved.id}`),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors.map((e) => e.path) : [];
          const known = fields.filter((path): path is ClientListingRequiredField =>
            Object.hasOwn(clientListingRequiredFields, path),
          );
          if (known.length > 0) setMissing(known);
          else setProblems([intl.formatMessage({ id: 'matchmaking.client.error.generic' })]);
        },
      },
    );
  };
  return {
    visibility,
    setVisibility,
    hidden,
    setHidden,
    missing,
    problems,
    publish,
    pending: write.isPending,
  };
}

/** The fields the API refused to publish without, each a link to the step that fills it in. */
function MissingFields({ missing, id }: { missing: ClientListingRequiredField[]; id: string }) {
  const intl = useIntl();
  if (missing.length === 0) return null;
  return (
    <Alert
      color="red"
      role="alert"
      title={intl.formatMessage({ id: 'matchmaking.client.finalize.missingTitle' })}
    >
      <List size="sm">
        {missing.map((path) => (
          <List.Item key={path}>
            <Anchor component={Link} to={editStepPath(clientListingRequiredFields[path], id)}>
              {intl.formatMessage(
                { id: 'matchmaking.client.finalize.missingField' },
                { field: intl.formatMessage({ id: `matchmaking.client.field.${path}` }) },
              )}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The structured care answers given, each in words ("Someone standing by", "Bathing, Dressing"). */
function careAnswers(listing: ClientListing, option: (group: string, value: string | null) => string | null) {
  const d = listing.careDetails ?? {};
  const single = (['transfers', 'seizureSupport', 'behaviorSupport', 'medicationHelp'] as const).map(
    (group) => option(group, d[group] ?? null),
  );
  const lists = (['personalCare', 'mobilityAids', 'diet'] as const).map(
    (group) => (d[group] ?? []).map((value) => option(group, value)).join(', ') || null,
  );
  return [...single, ...lists];
}

function Review({ listing }: { listing: ClientListing }) {
  const intl = useIntl();
  const { visibility, setVisibility, hidden, setHidden, missing, problems, publish, pending } =
    usePublish(listing);
  const option = (group: string, value: string | null) =>
    value ? intl.formatMessage({ id: `matchmaking.client.option.${group}.${value}` }) : null;
  const names = new Intl.DisplayNames([intl.locale], { type: 'language' });

  const place = [listing.city, listing.state, listing.zipCode].filter(Boolean).join(', ');
  const name = [listing.firstName, listing.middleName, listing.lastName].filter(Boolean).join(' ');
  return (
    <Stack gap="sm">
      <Text>
        <FormattedMessage id="matchmaking.client.finalize.intro" />
      </Text>
      <MissingFields missing={missing} id={listing.id} />
      <FormProblems messages={problems} />
      <Section
        titleId="matchmaking.onboarding.client.new"
        step="new"
        id={listing.id}
        lines={[
          name,
          place || null,
          listing.languages.map((code) => names.of(code) ?? code).join(', ') || null,
          option('careType', listing.careType),
          option('careLevel', listing.levelCareNeeded),
          listing.hoursNeeded !== null
            ? intl.formatMessage({ id: 'matchmaking.client.hoursPerWeek' }, { hours: listing.hoursNeeded })
            : null,
        ]}
      />
      <Section
        titleId="matchmaking.onboarding.client.avatar"
        step="avatar"
        id={listing.id}
        lines={[listing.photoUrl ? intl.formatMessage({ id: 'matchmaking.client.finalize.hasPhoto' }) : null]}
      />
      <Section
        titleId="matchmaking.onboarding.client.careDetails"
        step="careDetails"
        id={listing.id}
        lines={[listing.careNeededDescription, listing.uniqueIssues, ...careAnswers(listing, option)]}
      />
      <Section
        titleId="matchmaking.onboarding.client.scheduleMaker"
        step="scheduleMaker"
        id={listing.id}
        lines={[intl.formatMessage({ id: 'matchmaking.client.finalize.scheduleLine' })]}
      />
      <Radio.Group
        label={intl.formatMessage({ id: 'matchmaking.client.field.visibility' })}
        value={visibility}
        onChange={setVisibility}
      >
        <Stack gap={6} mt={6}>
          {enumOptions(intl, 'visibility', clientVisibilities).map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label={intl.formatMessage({ id: 'matchmaking.client.field.hidden' })}
        description={intl.formatMessage({ id: 'matchmaking.client.help.hidden' })}
        checked={hidden}
        onChange={(event) => setHidden(event.currentTarget.checked)}
      />
      <Group>
        <Button onClick={publish} loading={pending}>
          <FormattedMessage id="matchmaking.client.finalize.publish" />
        </Button>
      </Group>
    </Stack>
  );
}
