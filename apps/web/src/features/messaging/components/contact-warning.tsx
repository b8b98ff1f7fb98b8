/**
 * The contact-details warning (issue 22 "safe first contact"): what the check found in the writer's message (a phone
 * number, an email address, a request for cash), why it matters, and "Send anyway" / "Edit".
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { ContactFlag } from '@tend/contracts';

export function ContactWarning({
  flags,
  onSendAnyway,
  onEdit,
  busy,
}: {
  flags: ContactFlag[];
  onSendAnyway: () => void;
  onEdit: () => void;
  busy: boolean;
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      data-testid="contact-warning"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={<FormattedMessage id="messaging.warning.title" />}
    >
      <Stack gap={8}>
        {flags.length > 0 && (
          <List size="sm" spacing={2}>
            {flags.map((flag) => (
              <List.Item key={flag}>
                <FormattedMessage id={`messaging.warning.flag.${flag}`} />
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm">
          <FormattedMessage id="messaging.warning.why" />
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onEdit}>
            <FormattedMessage id="messaging.warning.edit" />
          </Button>
          <Button size="xs" onClick={onSendAnyway} loading={busy}>
            <FormattedMessage id="messaging.warning.sendAnyway" />
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
