/** Header controls: the signed-in user's name with a Sign out button, or a Sign in button. */
import { Button, Group, Text } from '@mantine/core';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMe, useSignOut } from '../auth.tsx';

export function UserControls() {
  const { data: actor, isPending } = useMe();
  const signOut = useSignOut();
  if (isPending) return null;
  if (!actor) {
    return (
      <Button component={Link} to="/login" variant="light" leftSection={<IconLogin size={16} aria-hidden />}>
        Sign in
      </Button>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" fw={500} visibleFrom="xs" data-testid="signed-in-user" title={actor.email}>
        {actor.fullName ?? actor.email}
      </Text>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => void signOut()}
      >
        Sign out
      </Button>
    </Group>
  );
}
