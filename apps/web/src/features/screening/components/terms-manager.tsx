/**
 * Managing the phrase mapper's vocabulary (spec s.3 Term, ClientSpecificTerm): Terms add a phrase to
 * an incident category and/or are redacted before any AI call; client-specific terms (a client's
 * places, relatives, nicknames) are always redacted from that client's notes. Add forms validate with
 * the contract schemas; API field errors (e.g. a duplicate term) land on their inputs.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { clientSpecificTermInput, incidentCategories, incidentCategory, termInput } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import {
  useClientSpecificTerms,
  useDeleteClientSpecificTerm,
  useDeleteTerm,
  useSaveClientSpecificTerm,
  useSaveTerm,
  useTerms,
} from '../api/incidents.ts';

const categoryOptions = [
  { value: '', label: 'None (redact only)' },
  ...incidentCategories.map((c) => ({ value: c.id, label: c.label })),
];
const termLabels = { term: 'Term', label: 'Category', shouldRedact: 'Redact' };
const clientLabels = { clientName: 'Client name', term: 'Term' };

function TermsTable() {
  const terms = useTerms();
  const save = useSaveTerm();
  const remove = useDeleteTerm();
  const form = useForm({
    initialValues: { term: '', label: '', shouldRedact: false },
    validate: (values) =>
      contractValidator(termInput, termLabels)({ ...values, label: values.label || null }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { input: termInput.parse({ ...values, label: values.label || null }) },
      {
        onSuccess: () => form.reset(),
        onError: (error) => applyApiFieldErrors(form, error, termLabels),
      },
    ),
  );
  return (
    <Card withBorder>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Terms
          </Title>
          <Text size="sm" c="dimmed">
            A term with a category is one more phrase of that incident category (stemmed: “tumble” also finds
            “tumbled”). A term marked “Redact” is replaced by [REDACTED] before any AI call.
          </Text>
        </div>
        <form onSubmit={submit} aria-label="Add a term">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Term"
              placeholder="e.g. took a tumble"
              maxLength={200}
              {...form.getInputProps('term')}
              w={{ base: '100%', sm: 240 }}
            />
            <Select
              label="Category"
              data={categoryOptions}
              allowDeselect={false}
              {...form.getInputProps('label')}
              w={{ base: '100%', sm: 240 }}
            />
            <Checkbox label="Redact" mt={32} {...form.getInputProps('shouldRedact', { type: 'checkbox' })} />
            <Button
              type="submit"
              mt={25}
              loading={save.isPending}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Add term
            </Button>
          </Group>
        </form>
        {save.error && !form.errors.term && !form.errors.label ? (
          <ApiErrorAlert error={save.error} title="The term was not saved" />
        ) : null}
        {terms.error ? <ApiErrorAlert error={terms.error} title="Terms could not be loaded" /> : null}
        {remove.error ? <ApiErrorAlert error={remove.error} title="The term was not deleted" /> : null}
        {terms.data && !terms.data.items.length ? (
          <Text size="sm" c="dimmed">
            No terms yet — the built-in catalogue is in use. Add a term above to extend it or to redact a
            word.
          </Text>
        ) : null}
        {terms.data?.items.length ? (
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label="Terms">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Term</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Redacted</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {terms.data.items.map((term) => (
                  <Table.Tr key={term.id}>
                    <Table.Td>{term.term}</Table.Td>
                    <Table.Td>
                      {term.label ? (incidentCategory(term.label)?.label ?? term.label) : '—'}
                    </Table.Td>
                    <Table.Td>
                      {term.shouldRedact ? (
                        <Badge variant="light">Redacted</Badge>
                      ) : (
                        <Badge variant="light" color="gray">
                          Not redacted
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={`Delete “${term.term}”`}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete term ${term.term}`}
                          onClick={() => remove.mutate(term.id)}
                          loading={remove.isPending && remove.variables === term.id}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Card>
  );
}

function ClientTermsTable() {
  const terms = useClientSpecificTerms();
  const save = useSaveClientSpecificTerm();
  const remove = useDeleteClientSpecificTerm();
  const form = useForm({
    initialValues: { clientName: '', term: '' },
    validate: contractValidator(clientSpecificTermInput, clientLabels),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => form.setFieldValue('term', ''),
      onError: (error) => applyApiFieldErrors(form, error, clientLabels),
    }),
  );
  return (
    <Card withBorder>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Client-specific terms
          </Title>
          <Text size="sm" c="dimmed">
            Words that identify one client (their places, relatives, nicknames). Always redacted from that
            client’s notes, with the client’s own name.
          </Text>
        </div>
        <form onSubmit={submit} aria-label="Add a client-specific term">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Client name"
              placeholder="As in Tend, e.g. Jane Doe"
              maxLength={200}
              {...form.getInputProps('clientName')}
              w={{ base: '100%', sm: 240 }}
            />
            <TextInput
              label="Term"
              placeholder="e.g. Maple House"
              maxLength={200}
              {...form.getInputProps('term')}
              w={{ base: '100%', sm: 240 }}
            />
            <Button
              type="submit"
              mt={25}
              loading={save.isPending}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Add client term
            </Button>
          </Group>
        </form>
        {save.error && !form.errors.term && !form.errors.clientName ? (
          <ApiErrorAlert error={save.error} title="The term was not saved" />
        ) : null}
        {terms.error ? (
          <ApiErrorAlert error={terms.error} title="Client-specific terms could not be loaded" />
        ) : null}
        {remove.error ? <ApiErrorAlert error={remove.error} title="The term was not deleted" /> : null}
        {terms.data && !terms.data.items.length ? (
          <Text size="sm" c="dimmed">
            No client-specific terms yet. Client names are always redacted; add a client’s places or relatives
            above.
          </Text>
        ) : null}
        {terms.data?.items.length ? (
          <Table.ScrollContainer minWidth={400}>
            <Table striped aria-label="Client-specific terms">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Term</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {terms.data.items.map((term) => (
                  <Table.Tr key={term.id}>
                    <Table.Td>{term.clientName}</Table.Td>
                    <Table.Td>{term.term}</Table.Td>
                    <Table.Td>
                      <Tooltip label={`Delete “${term.term}”`}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete client term ${term.term}`}
                          onClick={() => remove.mutate(term.id)}
                          loading={remove.isPending && remove.variables === term.id}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Card>
  );
}

export function TermsManager() {
  return (
    <Stack gap="md">
      <TermsTable />
      <ClientTermsTable />
    </Stack>
  );
}
