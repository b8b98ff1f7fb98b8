/**
 * `/matchmaking/role-select` (spec s.2; issue 21 "Entry"; decision 0057): the person chooses guardian/client or
 * caregiver; `POST /api/matchmaking/role` records it and says where to go (the guardian or caregiver form, or the
 * next step of an existing listing). A refusal's reason is shown. Signed out: a sign-in link that comes back here.
 */
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake, IconUsers } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { MatchmakingRoleChoice } from '@tend/contracts';
import { useAuth } from '../../../app/auth.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useChooseRole } from '../api/entry.ts';

const choices: { role: MatchmakingRoleChoice; key: 'family' | 'caregiver'; icon: React.ReactNode }[] = [
  { role: 'GUARDIAN', key: 'family', icon: <IconUsers size={22} /> },
  { role: 'CAREGIVER', key: 'caregiver', icon: <IconHeartHandshake size={22} /> },
];

export function RoleSelectPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { actor, isLoading } = useAuth();
  const choose = useChooseRole();
  if (isLoading) return <PageLoader />;
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Stack gap="xs">
        <Title order={1}>
          <FormattedMessage id="matchmaking.entry.roleTitle" />
        </Title>
        <Text>
          <FormattedMessage id="matchmaking.entry.roleIntro" />
        </Text>
      </Stack>
      {!actor && (
        <Alert variant="light" title={intl.formatMessage({ id: 'matchmaking.entry.roleSignInTitle' })}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FormattedMessage id="matchmaking.entry.roleSignInText" />
            </Text>
            <Button component={Link} to="/login?redirect=/matchmaking/role-select" size="sm">
              <FormattedMessage id="matchmaking.entry.signIn" />
            </Button>
          </Stack>
        </Alert>
      )}
      {choose.error && (
        <ApiErrorAlert
          error={choose.error}
          title={intl.formatMessage({ id: 'matchmaking.entry.roleRefused' })}
          // The reason in the page's words; the server's own (English) detail stays above it for support.
          hint={intl.formatMessage({ id: 'matchmaking.entry.roleRefusedText' })}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {choices.map((choice) => (
          <Card key={choice.role} withBorder padding="lg" radius="md">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
                    {choice.icon}
                  </ThemeIcon>
                  <Title order={2} size="h3">
                    <FormattedMessage id={`matchmaking.entry.role.${choice.key}.title`} />
                  </Title>
                </Group>
                <Text size="sm">
                  <FormattedMessage id={`matchmaking.entry.role.${choice.key}.text`} />
                </Text>
              </Stack>
              <Button
                disabled={!actor}
                loading={choose.isPending && choose.variables?.role === choice.role}
                onClick={() =>
                  choose.mutate({ role: choice.role }, { onSuccess: (result) => void navigate(result.next) })
                }
              >
                <FormattedMessage id={`matchmaking.entry.role.${choice.key}.button`} />
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
