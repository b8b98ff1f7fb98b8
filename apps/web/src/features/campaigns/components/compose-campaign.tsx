/**
 * Composing a campaign (docs/campaigns.md): name, subject, sender, message, recipients (every active case manager,
 * by county, or picked from a searchable list that includes archived ones), a live preview of the email as the
 * first recipient gets it, and "Send campaign" behind a confirmation that says how many get it.
 */
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  CAMPAIGN_MESSAGE_MAX_CHARS,
  type CampaignCandidate,
  type CampaignInput,
  type CampaignRecipientsInput,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useCampaignCandidates, useCampaignPreview, useCreateAndSendCampaign } from '../api/campaigns.ts';

type Mode = CampaignRecipientsInput['mode'];

interface ComposeValues {
  name: string;
  subject: string;
  fromEmail: string;
  fromName: string;
  customMessage: string;
  mode: Mode;
  counties: string[];
  picked: string[];
}

const initialValues: ComposeValues = {
  name: '',
  subject: '',
  fromEmail: '',
  fromName: '',
  customMessage: '',
  mode: 'all',
  counties: [],
  picked: [],
};

/** The case managers a choice reaches (active with an email, as the server will send them), in list order. */
export function chosenRecipients(
  values: Pick<ComposeValues, 'mode' | 'counties' | 'picked'>,
  items: readonly CampaignCandidate[],
) {
  const counties = new Set(values.counties.map((county) => county.toLowerCase()));
  const picked = new Set(values.picked);
  return items.filter((item) => {
    if (values.mode === 'picked') return picked.has(item.id);
    if (item.archived) return false;
    return values.mode === 'all' || counties.has((item.county ?? '').trim().toLowerCase());
  });
}

function recipientsInput(values: ComposeValues): CampaignRecipientsInput {
  if (values.mode === 'county') return { mode: 'county', counties: values.counties };
  if (values.mode === 'picked') return { mode: 'picked', caseManagerIds: values.picked };
  return { mode: 'all' };
}

const candidateLabel = (item: CampaignCandidate) =>
  [item.name, item.county, item.archived ? 'archived' : null, item.hasEmail ? null : 'no email']
    .filter(Boolean)
    .join(' · ');

/** The compose form: values and the checks made before the confirmation opens. */
function useComposeForm() {
  return useForm<ComposeValues>({
    mode: 'controlled',
    initialValues,
    validate: {
      name: (value) => (value.trim() ? null : 'Give the campaign a name (only admins see it)'),
      subject: (value) => (value.trim() ? null : 'Write the subject recipients see'),
      counties: (value, values) =>
        values.mode === 'county' && !value.length ? 'Choose at least one county' : null,
      picked: (value, values) =>
        values.mode === 'picked' && !value.length ? 'Pick at least one case manager' : null,
    },
  });
}
type ComposeForm = ReturnType<typeof useComposeForm>;

/** Name, subject, sender and message. */
function MessageFields({ form }: { form: ComposeForm }) {
  return (
    <>
      <TextInput
        label="Campaign name"
        description="For your list; recipients do not see it."
        withAsterisk
        {...form.getInputProps('name')}
      />
      <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
      <Group grow wrap="wrap" align="flex-start">
        <TextInput
          label="From name"
          placeholder="e.g. Riverbend Care Team"
          miw={180}
          {...form.getInputProps('fromName')}
        />
        <TextInput
          label="From email"
          type="email"
          placeholder="Default sender"
          miw={180}
          {...form.getInputProps('fromEmail')}
        />
      </Group>
      <Textarea
        label="Message"
        description="Plain text. Each email ends with the recipient's own dashboard link."
        autosize
        minRows={5}
        maxLength={CAMPAIGN_MESSAGE_MAX_CHARS}
        {...form.getInputProps('customMessage')}
      />
    </>
  );
}

/** The preview of the email (the server renders it: the same code that sends). */
function Preview({ values, firstRecipient }: { values: ComposeValues; firstRecipient: string | null }) {
  const [debounced] = useDebouncedValue(values, 400);
  const ready = debounced.subject.trim() !== '';
  const preview = useCampaignPreview(
    ready
      ? {
          subject: debounced.subject,
          fromEmail: debounced.fromEmail,
          fromName: debounced.fromName,
          customMessage: debounced.customMessage,
          caseManagerId: firstRecipient,
        }
      : null,
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="campaign-preview">
      <Stack gap="xs">
        <Title order={2} size="h4" id="campaign-preview">
          Preview
        </Title>
        {!ready ? (
          <Text size="sm" c="dimmed">
            Type a subject to see the email as a recipient gets it.
          </Text>
        ) : preview.isError ? (
          <ApiErrorAlert
            error={preview.error}
            hint="Fix the fields the message names; the preview follows."
          />
        ) : preview.data ? (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              <b>From:</b> {preview.data.from}
            </Text>
            <Text size="sm">
              <b>To:</b> {preview.data.to}
            </Text>
            <Text size="sm">
              <b>Subject:</b> {preview.data.subject}
            </Text>
            <Text
              size="sm"
              component="pre"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
              bg="gray.0"
              p="sm"
            >
              {preview.data.text}
            </Text>
            <Text size="xs" c="dimmed">
              Each recipient gets their own link instead of the sample one.
            </Text>
          </Stack>
        ) : (
          <PageLoader />
        )}
      </Stack>
    </Paper>
  );
}

/** The recipients chooser: all, by county, or picked. */
function RecipientsChooser({
  form,
  items,
  counties,
}: {
  form: ComposeForm;
  items: readonly CampaignCandidate[];
  counties: readonly string[];
}) {
  const mode = form.getValues().mode;
  return (
    <Stack gap="xs" role="group" aria-labelledby="campaign-recipients">
      <Text fw={500} size="sm" id="campaign-recipients">
        Recipients
      </Text>
      <SegmentedControl
        aria-label="Who receives the campaign"
        data={[
          { value: 'all', label: 'All active' },
          { value: 'county', label: 'By county' },
          { value: 'picked', label: 'Pick' },
        ]}
        {...form.getInputProps('mode')}
      />
      {mode === 'county' && (
        <MultiSelect
          label="Counties"
          placeholder={counties.length ? 'Choose counties' : 'No case manager has a county yet'}
          data={[...counties]}
          searchable
          clearable
          {...form.getInputProps('counties')}
        />
      )}
      {mode === 'picked' && (
        <MultiSelect
          label="Case managers"
          description="Search by name or county; archived ones are listed too (they are skipped when sending)."
          placeholder="Search case managers"
          data={items.map((item) => ({ value: item.id, label: candidateLabel(item) }))}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={280}
          {...form.getInputProps('picked')}
        />
      )}
    </Stack>
  );
}

/** The confirmation before sending: how many get it, and that it can be cancelled while it runs. */
function ConfirmSend({
  opened,
  onClose,
  subject,
  chosen,
  reachable,
  send,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  subject: string;
  chosen: number;
  reachable: number;
  send: ReturnType<typeof useCreateAndSendCampaign>;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send this campaign?" centered>
      <Stack gap="sm">
        <Text size="sm">
          “{subject}” goes to {reachable} case {reachable === 1 ? 'manager' : 'managers'}, each with their own
          dashboard link. Sending cannot be undone, but you can cancel it while it runs.
        </Text>
        {send.isError && <ApiErrorAlert error={send.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep editing
          </Button>
          <Button
            onClick={onConfirm}
            loading={send.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            Send to {chosen} {chosen === 1 ? 'recipient' : 'recipients'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** See the module comment. `onSent` gets the campaign that started sending. */
export function ComposeCampaign({ onSent }: { onSent: (id: string) => void }) {
  const candidates = useCampaignCandidates();
  const send = useCreateAndSendCampaign();
  const [confirming, confirm] = useDisclosure(false);
  const form = useComposeForm();
  if (candidates.isPending) return <PageLoader />;
  if (candidates.isError) return <ApiErrorAlert error={candidates.error} />;
  const { items, counties } = candidates.data;
  if (!items.length) {
    return (
      <Alert variant="light" title="No case managers yet">
        Campaigns go to case managers.{' '}
        <Anchor component={Link} to="/admin/case-managers">
          Add case managers
        </Anchor>{' '}
        (with their email addresses) first, then come back to write to them.
      </Alert>
    );
  }
  const values = form.getValues();
  const chosen = chosenRecipients(values, items);
  const reachable = chosen.filter((item) => !item.archived && item.hasEmail).length;
  const submit = () => {
    const input: CampaignInput = {
      name: values.name,
      subject: values.subject,
      fromEmail: values.fromEmail,
      fromName: values.fromName,
      customMessage: values.customMessage,
      recipients: recipientsInput(values),
    };
    send.mutate(input, {
      onSuccess: (campaign) => {
        confirm.close();
        form.reset();
        onSent(campaign.id);
      },
    });
  };
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <form onSubmit={form.onSubmit(confirm.open)} noValidate aria-labelledby="compose-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="compose-title">
              Compose
            </Title>
            <MessageFields form={form} />
            <RecipientsChooser form={form} items={items} counties={counties} />
            <Text size="sm" role="status">
              {chosen.length} case {chosen.length === 1 ? 'manager' : 'managers'} chosen; {reachable} can be
              emailed
              {chosen.length > reachable ? ' (archived ones and those without an email are skipped)' : ''}.
            </Text>
            <Group>
              <Button type="submit" leftSection={<IconSend size={16} aria-hidden />}>
                Send campaign
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Preview values={values} firstRecipient={chosen.find((item) => item.hasEmail)?.id ?? null} />
      </Grid.Col>
      <ConfirmSend
        opened={confirming}
        onClose={confirm.close}
        subject={values.subject}
        chosen={chosen.length}
        reachable={reachable}
        send={send}
        onConfirm={submit}
      />
    </Grid>
  );
}
