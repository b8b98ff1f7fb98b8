/**
 * Header controls: the signed-in user's name (a link to `/account`), for admins a link to their two-step verification settings
 * (`/account/mfa`, docs/decisions/0009-mfa.md; caregivers sign in by one-time code, decision 0011) and a
 * Sign out button; or a Sign in button.
 */
import { Anchor, Button, Group } from '@mantine/core';
import { IconLogin, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isAdmin } from '@tend/contracts/permissions';
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
      <Anchor
        component={Link}
        to="/account"
        size="sm"
        fw={500}
        visibleFrom="xs"
        data-testid="signed-in-user"
        title={`${actor.email}: your account`}
      >
        {actor.fullName ?? actor.email}
      </Anchor>
      {isAdmin(actor) ? (
        <Button
          component={Link}
          to="/account/mfa"
          variant="subtle"
          size="sm"
          visibleFrom="sm"
          leftSection={<IconShieldLock size={16} aria-hidden />}
        >
          Two-step verification
        </Button>
      ) : null}
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
