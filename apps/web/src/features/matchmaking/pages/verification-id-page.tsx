/**
 * `/matchmaking/verification/id` (spec s.2; issue 21 "Verification and privacy"; decision 0057): how the signed-in
 * person's profiles stand, and the ways to verify them: a caregiver's Oregon provider number, a family's code from
 * their case manager, or an ID document (photo or PDF, with upload progress; deleted once an admin has looked at
 * it). The caregiver's card preview carries the "Report" button others see on it.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconClock, IconUpload } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  identityDocumentKinds,
  identityDocumentTypes,
  type IdentityDocumentKind,
  type MyVerification,
  type ProfileVerification,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import {
  documentFileProblem,
  useMyVerification,
  useRedeemFamilyCode,
  useSubmitProviderNumber,
  useUploadIdentityDocument,
} from '../api/verification.ts';

function VerifiedBadge({ state, pending }: { state: ProfileVerification; pending?: boolean }) {
  const intl = useIntl();
  if (state.verified)
    return (
      <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
        {intl.formatMessage(
          { id: 'matchmaking.verification.verifiedBy' },
          {
            method: intl.formatMessage({ id: `matchmaking.verification.method.${state.method ?? 'admin'}` }),
          },
        )}
      </Badge>
    );
  return (
    <Badge
      color={pending ? 'yellow' : 'gray'}
      variant="light"
      leftSection={<IconClock size={14} aria-hidden />}
    >
      <FormattedMessage
        id={pending ? 'matchmaking.verification.awaitingAdmin' : 'matchmaking.verification.notVerified'}
      />
    </Badge>
  );
}

function ProviderNumberForm() {
  const intl = useIntl();
  const [value, setValue] = useState('');
  const submit = useSubmitProviderNumber();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate(value.trim());
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={intl.formatMessage({ id: 'matchmaking.verification.providerNumber' })}
          description={intl.formatMessage({ id: 'matchmaking.verification.providerNumberHint' })}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          required
          autoComplete="off"
        />
        {submit.data && (
          <Alert
            color={submit.data.outcome === 'verified' ? 'green' : 'yellow'}
            variant="light"
            role="status"
          >
            <FormattedMessage id={`matchmaking.verification.provider.${submit.data.outcome}`} />
          </Alert>
        )}
        {submit.error && <ApiErrorAlert error={submit.error} />}
        <Group>
          <Button type="submit" loading={submit.isPending}>
            <FormattedMessage id="matchmaking.verification.providerSubmit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ListingChoice = NonNullable<MyVerification['guardian']>['listings'][number];

/**
 * The family's client listing the code links to its care client (decision 0059 addendum): never guessed; a single
 * listing is pre-selected but shown, so the person confirms it. Listings linked already cannot be chosen.
 */
function ListingPicker({
  listings,
  value,
  onChange,
}: {
  listings: ListingChoice[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const intl = useIntl();
  const name = (listing: ListingChoice) => [listing.firstName, listing.lastName].filter(Boolean).join(' ');
  return (
    <Select
      label={intl.formatMessage({ id: 'matchmaking.verification.familyListing' })}
      data={listings.map((listing) => ({
        value: listing.id,
        disabled: listing.linked,
        label: listing.linked
          ? intl.formatMessage(
              { id: 'matchmaking.verification.familyListingLinked' },
              { name: name(listing) },
            )
          : name(listing),
      }))}
      value={value}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      required
    />
  );
}

function FamilyCodeForm({ listings }: { listings: ListingChoice[] }) {
  const intl = useIntl();
  const [value, setValue] = useState('');
  const open = listings.filter((listing) => !listing.linked);
  const [listingId, setListingId] = useState<string | null>(open.length === 1 ? (open[0]?.id ?? null) : null);
  const [missing, setMissing] = useState(false);
  const redeem = useRedeemFamilyCode();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (open.length > 0 && !listingId) return setMissing(true);
        redeem.mutate({ code: value.trim(), ...(listingId ? { listingId } : {}) });
      }}
    >
      <Stack gap="xs">
        {open.length > 0 && (
          <ListingPicker
            listings={listings}
            value={listingId}
            onChange={(id) => (setListingId(id), setMissing(false))}
          />
        )}
        {missing && (
          <Text size="sm" c="red" role="alert">
            <FormattedMessage id="matchmaking.verification.familyListingMissing" />
          </Text>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'matchmaking.verification.familyCode' })}
          description={intl.formatMessage({ id: 'matchmaking.verification.familyCodeHint' })}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          required
          autoComplete="one-time-code"
          maxLength={40}
        />
        {redeem.error && (
          <ApiErrorAlert
            error={redeem.error}
            title={intl.formatMessage({ id: 'matchmaking.verification.familyCodeRefused' })}
          />
        )}
        <Group>
          <Button type="submit" loading={redeem.isPending}>
            <FormattedMessage id="matchmaking.verification.familyCodeSubmit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The caller's documents with their kind, status and date. */
function DocumentList({ documents }: { documents: MyVerification['documents'] }) {
  const intl = useIntl();
  if (!documents.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        <FormattedMessage id="matchmaking.verification.documentsTitle" />
      </Text>
      <List size="sm" spacing={2}>
        {documents.map((document) => (
          <List.Item key={document.id}>
            {intl.formatMessage(
              { id: 'matchmaking.verification.documentLine' },
              {
                kind: intl.formatMessage({
                  id: `matchmaking.verification.kind.${document.documentType}`,
                }),
                status: intl.formatMessage({ id: `matchmaking.verification.status.${document.status}` }),
                date: intl.formatDate(document.createdAt, { dateStyle: 'medium' }),
              },
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function DocumentUpload({ documents }: { documents: MyVerification['documents'] }) {
  const intl = useIntl();
  const [kind, setKind] = useState<IdentityDocumentKind | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadIdentityDocument(setProgress);
  const send = () => {
    if (!kind || !file) {
      setProblem(intl.formatMessage({ id: 'matchmaking.verification.documentMissing' }));
      return;
    }
    const wrong = documentFileProblem(file);
    if (wrong) {
      setProblem(intl.formatMessage({ id: `matchmaking.verification.document.${wrong}` }));
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { documentType: kind, file },
      {
        onSuccess: () => {
          setFile(null);
          setProgress(null);
        },
        onError: () => setProgress(null),
      },
    );
  };
  return (
    <Stack gap="xs">
      <Select
        label={intl.formatMessage({ id: 'matchmaking.verification.documentKind' })}
        data={identityDocumentKinds.map((value) => ({
          value,
          label: intl.formatMessage({ id: `matchmaking.verification.kind.${value}` }),
        }))}
        value={kind}
        onChange={setKind}
        required
      />
      <FileInput
        label={intl.formatMessage({ id: 'matchmaking.verification.documentFile' })}
        description={intl.formatMessage({ id: 'matchmaking.verification.documentFileHint' })}
        placeholder={intl.formatMessage({ id: 'matchmaking.verification.documentChoose' })}
        accept={identityDocumentTypes.join(',')}
        value={file}
        onChange={setFile}
        leftSection={<IconUpload size={16} aria-hidden />}
        clearable
        required
      />
      {progress !== null && (
        <Progress
          value={progress * 100}
          aria-label={intl.formatMessage({ id: 'matchmaking.verification.uploadProgress' })}
          animated
        />
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {upload.error && <ApiErrorAlert error={upload.error} />}
      {upload.isSuccess && (
        <Alert color="green" variant="light" role="status">
          <FormattedMessage id="matchmaking.verification.documentSent" />
        </Alert>
      )}
      <Group>
        <Button onClick={send} loading={upload.isPending}>
          <FormattedMessage id="matchmaking.verification.documentSubmit" />
        </Button>
      </Group>
      <DocumentList documents={documents} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function VerificationIdPage() {
  const intl = useIntl();
  const mine = useMyVerification();
  if (mine.isPending) return <PageLoader />;
  if (mine.error) return <ApiErrorAlert error={mine.error} />;
  const { guardian, caregiver, documents } = mine.data;
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <Stack gap="xs">
        <Title order={1}>
          <FormattedMessage id="matchmaking.verification.title" />
        </Title>
        <Text>
          <FormattedMessage id="matchmaking.verification.intro" />
        </Text>
      </Stack>
      {!guardian && !caregiver && (
        <Alert variant="light" title={intl.formatMessage({ id: 'matchmaking.verification.noProfileTitle' })}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FormattedMessage id="matchmaking.verification.noProfileText" />
            </Text>
            <Button component={Link} to="/matchmaking/role-select" size="sm">
              <FormattedMessage id="matchmaking.entry.chooseRole" />
            </Button>
          </Stack>
        </Alert>
      )}
      {caregiver && (
        <Section title={intl.formatMessage({ id: 'matchmaking.verification.caregiverTitle' })}>
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="caregiver-verification">
            <VerifiedBadge state={caregiver} pending={caregiver.providerNumberPending} />
          </Group>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="matchmaking.verification.previewHint" />
          </Text>
          {!caregiver.verified && <ProviderNumberForm />}
        </Section>
      )}
      {guardian && (
        <Section title={intl.formatMessage({ id: 'matchmaking.verification.familyTitle' })}>
          <Group data-testid="guardian-verification">
            <VerifiedBadge state={guardian} />
          </Group>
          {!guardian.verified && <FamilyCodeForm listings={guardian.listings} />}
        </Section>
      )}
      {(guardian || caregiver) && (
        <Section title={intl.formatMessage({ id: 'matchmaking.verification.documentTitle' })}>
          <Text size="sm">
            <FormattedMessage id="matchmaking.verification.documentIntro" />
          </Text>
          <DocumentUpload documents={documents} />
        </Section>
      )}
    </Stack>
  );
}
