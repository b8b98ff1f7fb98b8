/**
 * Header controls: the signed-in user's name (a link to `/account`), for admins a link to their two-step verification settings
 * (`/account/mfa`, docs/decisions/0009-mfa.md; caregivers sign in by one-time code, decision 0011) and a
 * Sign out button; or a Sign in button. The language switch comes first in both (decision 0042).
 */
import { ActionIcon, Anchor, Button, Group } from '@mantine/core';
import { IconLogin, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { isAdmin } from '@tend/contracts/permissions';
import { useMe, useSignOut } from '../auth.tsx';
import { LocaleSwitcher } from '../../i18n/locale-switcher.tsx';

/** Signed out: the language switch and Sign in (an icon on a phone, so the header fits 320 px). */
function SignedOutControls() {
  const intl = useIntl();
  return (
    <Group gap="xs" wrap="nowrap">
      <LocaleSwitcher />
      <Button
        component={Link}
        to="/login"
        variant="light"
        visibleFrom="xs"
        leftSection={<IconLogin size={16} aria-hidden />}
      >
        <FormattedMessage id="app.userControls.signIn" />
      </Button>
      {/* On a phone (under 576 px) an icon, so the header fits 320 px (a public page such as mobile upload). */}
      <ActionIcon
        component={Link}
        to="/login"
        variant="light"
        size="lg"
        hiddenFrom="xs"
        aria-label={intl.formatMessage({ id: 'app.userControls.signIn' })}
      >
        <IconLogin size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

export function UserControls() {
  const intl = useIntl();
  const { data: actor, isPending } = useMe();
  const signOut = useSignOut();
  if (isPending) return null;
  if (!actor) return <SignedOutControls />;
  return (
    <Group gap="xs" wrap="nowrap">
      <LocaleSwitcher />
      <Anchor
        component={Link}
        to="/account"
        size="sm"
        fw={500}
        visibleFrom="xs"
        // A 24 px tall target beside the language button (WCAG 2.2 2.5.8, axe `target-size`).
        display="inline-block"
        lh="24px"
        data-testid="signed-in-user"
        title={intl.formatMessage({ id: 'app.userControls.accountTitle' }, { email: actor.email })}
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
          <FormattedMessage id="app.userControls.mfa" />
        </Button>
      ) : null}
      <Button
        variant="default"
        size="sm"
        visibleFrom="xs"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => void signOut()}
      >
        <FormattedMessage id="app.userControls.signOut" />
      </Button>
      {/* On a phone (under 576 px) the header holds the brand, the language and this icon. */}
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="xs"
        aria-label={intl.formatMessage({ id: 'app.userControls.signOut' })}
        onClick={() => void signOut()}
      >
        <IconLogout size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
