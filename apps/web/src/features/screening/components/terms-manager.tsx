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
import {
  clientSpecificTermInput,
  incidentCategories,
  incidentCategory,
  termInput,
  type ClientSpecificTermView,
  type TermView,
} from '@tend/contracts';
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

/** The terms: what they do, the form adding one, and the list with "Delete". */
function TermsTable() {
  const terms = useTerms();
  return (
    <Card withBorder>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Terms
          </Title>
          <Text size="sm" c="dimmed">
            A term with a category is one more phrase of that incident category (stemmed: “tumble” also finds
            “tumbled”). A term marked “Redact” is replaced by [REDACTED] before any AI call.
          </Text>
        </div>
        <AddTermForm />
        {terms.error ? <ApiErrorAlert error={terms.error} title="Terms could not be loaded" /> : null}
        {terms.data ? <TermList items={terms.data.items} /> : null}
      </Stack>
    </Card>
  );
}

/** "Add term": a phrase, its incident category (or none) and whether it is redacted. */
function AddTermForm() {
  const save = useSaveTerm();
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
    <>
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
    </>
  );
}

/** The terms with their category and redaction, each with "Delete"; or that there are none yet. */
function TermList({ items }: { items: TermView[] }) {
  const remove = useDeleteTerm();
  return (
    <>
      {remove.error ? <ApiErrorAlert error={remove.error} title="The term was not deleted" /> : null}
      {!items.length ? (
        <Text size="sm" c="dimmed">
          No terms yet — the built-in catalogue is in use. Add a term above to extend it or to redact a word.
        </Text>
      ) : (
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
              {items.map((term) => (
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
                    <DeleteTermButton term={term} label={`Delete term ${term.term}`} remove={remove} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** A term's "Delete" icon, spinning while that term is being deleted. */
function DeleteTermButton({
  term,
  label,
  remove,
}: {
  term: { id: string; term: string };
  label: string;
  remove: { mutate: (id: string) => void; isPending: boolean; variables: string | undefined };
}) {
  return (
    <Tooltip label={`Delete “${term.term}”`}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={label}
        onClick={() => remove.mutate(term.id)}
        loading={remove.isPending && remove.variables === term.id}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The client-specific terms: what they do, the form adding one, and the list with "Delete". */
function ClientTermsTable() {
  const terms = useClientSpecificTerms();
  return (
    <Card withBorder>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Client-specific terms
          </Title>
          <Text size="sm" c="dimmed">
            Words that identify one client (their places, relatives, nicknames). Always redacted from that
            client’s notes, with the client’s own name.
          </Text>
        </div>
        <AddClientTermForm />
        {terms.error ? (
          <ApiErrorAlert error={terms.error} title="Client-specific terms could not be loaded" />
        ) : null}
        {terms.data ? <ClientTermList items={terms.data.items} /> : null}
      </Stack>
    </Card>
  );
}

/** "Add client term": the client's name as in Tend and the term (the name stays for the next one). */
function AddClientTermForm() {
  const save = useSaveClientSpecificTerm();
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
    <>
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
    </>
  );
}

/** The client-specific terms with their client, each with "Delete"; or that there are none yet. */
function ClientTermList({ items }: { items: ClientSpecificTermView[] }) {
  const remove = useDeleteClientSpecificTerm();
  return (
    <>
      {remove.error ? <ApiErrorAlert error={remove.error} title="The term was not deleted" /> : null}
      {!items.length ? (
        <Text size="sm" c="dimmed">
          No client-specific terms yet. Client names are always redacted; add a client’s places or relatives
          above.
        </Text>
      ) : (
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
              {items.map((term) => (
                <Table.Tr key={term.id}>
                  <Table.Td>{term.clientName}</Table.Td>
                  <Table.Td>{term.term}</Table.Td>
                  <Table.Td>
                    <DeleteTermButton term={term} label={`Delete client term ${term.term}`} remove={remove} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** Both vocabularies: terms, then client-specific terms. */
export function TermsManager() {
  return (
    <Stack gap="md">
      <TermsTable />
      <ClientTermsTable />
    </Stack>
  );
}
