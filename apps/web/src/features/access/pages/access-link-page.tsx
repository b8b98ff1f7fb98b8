/**
 * `/dashboard/access?token=…` (issue 20 "Access links done right"; docs/access-links.md; decision 0049): the page an
 * emailed dashboard link opens. Opening the page spends nothing (mail scanners open links); the "Open my dashboard"
 * button posts the token, which starts a session and goes to the person's dashboard (a full page load, so the app
 * reads the new session). A used, expired, withdrawn or tampered link shows one error page ("This link doesn't
 * work") with "Email me a new link", which sends a fresh 15-minute link to the address on record (the same answer
 * whatever happens). English and Spanish, phone-first, no layout.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDoorEnter, IconMailForward } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../../../app/layouts/auth-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOpenAccessLink, useRenewAccessLink } from '../api/access-links.ts';

/** Buttons whose words wrap on a 320 px phone instead of being cut off. */
const wrappingButton = {
  root: { height: 'auto', minHeight: 42, paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

/** A token as the links carry it: 43 characters of base64url (a cut or altered link may not be one). */
const wellFormed = (token: string | null): token is string =>
  token !== null && /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** "Email me a new link" and what came of it. */
function RenewLink({ token }: { token: string }) {
  const renew = useRenewAccessLink();
  if (renew.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
        <FormattedMessage id="access.renew.sent" />
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {renew.isError && (
        <Alert color="red" variant="light" role="alert">
          <FormattedMessage id="access.renew.failed" />
        </Alert>
      )}
      <Button
        leftSection={<IconMailForward size={18} aria-hidden />}
        onClick={() => renew.mutate(token)}
        loading={renew.isPending}
        variant={renew.isError ? 'default' : 'filled'}
        styles={wrappingButton}
      >
        <FormattedMessage id={renew.isError ? 'access.renew.retry' : 'access.renew.button'} />
      </Button>
    </Stack>
  );
}

/** The error page of a refused or incomplete link: what happened, and how to get a new one. */
function BrokenLink({
  token,
  reason,
}: {
  token: string | null;
  reason: 'refused' | 'malformed' | 'network';
}) {
  const intl = useIntl();
  const words = {
    refused: 'access.broken.text',
    malformed: 'access.broken.malformed',
    network: 'access.broken.network',
  };
  return (
    <AuthCard width={460} title={intl.formatMessage({ id: 'access.broken.title' })}>
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
        <FormattedMessage id={words[reason]} />
      </Alert>
      {wellFormed(token) && reason === 'refused' && <RenewLink token={token} />}
    </AuthCard>
  );
}

/** See the module comment. */
export function AccessLinkPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const open = useOpenAccessLink();
  if (!wellFormed(token)) return <BrokenLink token={token} reason="malformed" />;
  if (open.isError) {
    const refused = open.error instanceof ApiError && open.error.status >= 400 && open.error.status < 500;
    return <BrokenLink token={token} reason={refused ? 'refused' : 'network'} />;
  }
  return (
    <AuthCard
      width={460}
      title={intl.formatMessage({ id: 'access.open.title' })}
      subtitle={intl.formatMessage({ id: 'access.open.subtitle' })}
    >
      <Button
        size="md"
        styles={wrappingButton}
        leftSection={<IconDoorEnter size={20} aria-hidden />}
        loading={open.isPending || open.isSuccess}
        onClick={() =>
          open.mutate(token, {
            // A full page load: the app starts again with the new session.
            onSuccess: (opened) => window.location.assign(opened.redirectTo),
          })
        }
      >
        <FormattedMessage id="access.open.button" />
      </Button>
      {(open.isPending || open.isSuccess) && (
        <Text size="sm" c="dimmed" role="status">
          <FormattedMessage id="access.open.opening" />
        </Text>
      )}
    </AuthCard>
  );
}
