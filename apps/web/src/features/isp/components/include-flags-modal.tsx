/**
 * The include flags of one protocol (docs/isp.md "Export"): for each section (description, prevention, response,
 * emergency) whether it goes into the caregiver PDF and whether it goes into the email-ready variant, as labelled
 * checkboxes in a grid, saved together (`PATCH /api/protocols/:id` with the flags only; allowed also on a locked
 * or verified protocol: they choose what is printed, not what is ordered).
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { Protocol } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useUpdateIncludeFlags, type IncludeFlags } from '../api/isps.ts';

type Section = 'Description' | 'Prevention' | 'Response' | 'Emergency';
export const includeSections: readonly Section[] = ['Description', 'Prevention', 'Response', 'Emergency'];
type FlagKey = keyof IncludeFlags & keyof Protocol;
const flagKey = (section: Section, email: boolean): FlagKey =>
  email ? `include${section}Email` : `include${section}`;

/** The eight flags of `protocol`. */
export function includeFlagsOf(protocol: Protocol): Record<FlagKey, boolean> {
  const flags = {} as Record<FlagKey, boolean>;
  for (const section of includeSections)
    for (const email of [false, true]) flags[flagKey(section, email)] = protocol[flagKey(section, email)];
  return flags;
}

/** "PDF: D P R E · Email: D R" style summary, in words: which sections go where. */
export function includeSummary(protocol: Protocol): string {
  const listed = (email: boolean) =>
    includeSections.filter((section) => protocol[flagKey(section, email)]).map((s) => s.toLowerCase());
  const pdf = listed(false);
  const email = listed(true);
  return `PDF: ${pdf.length ? pdf.join(', ') : 'nothing'} · Email: ${email.length ? email.join(', ') : 'nothing'}`;
}

/** See the module comment. `onSaved` gets the saved protocol. */
export function IncludeFlagsModal({
  protocol,
  title,
  onClose,
  onSaved,
}: {
  protocol: Protocol;
  title: string;
  onClose: () => void;
  onSaved: (saved: Protocol) => void;
}) {
  const [flags, setFlags] = useState(() => includeFlagsOf(protocol));
  const save = useUpdateIncludeFlags();
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Choose which sections of this protocol are printed in the caregiver PDF and which are sent in
          emails.
        </Text>
        <Table withTableBorder aria-label="Sections to include">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Section</Table.Th>
              <Table.Th>In the PDF</Table.Th>
              <Table.Th>In emails</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {includeSections.map((section) => (
              <Table.Tr key={section}>
                <Table.Th scope="row" fw={500}>
                  {section}
                </Table.Th>
                {[false, true].map((email) => {
                  const key = flagKey(section, email);
                  return (
                    <Table.Td key={key}>
                      <Checkbox
                        aria-label={`${section} in ${email ? 'emails' : 'the PDF'}`}
                        checked={flags[key]}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setFlags((current) => ({ ...current, [key]: checked }));
                        }}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {save.error ? <ApiErrorAlert error={save.error} title="The choices were not saved" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: protocol.id, flags },
                {
                  onSuccess: (saved) => {
                    onSaved(saved);
                    onClose();
                  },
                },
              )
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
