/**
 * `/auth/callback` (public, no layout): where "Continue with Google" ends (docs/google-sign-in.md). With `?error=`
 * it shows the error in words (identity-errors.ts) and a way back to `/login`; without one the session exists and
 * the page goes on to `?redirect=` when it is a same-origin path (safe-redirect.ts, as `/login`), else `/`.
 * English and Spanish (decision 0042).
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { safeRedirectPath } from '../../../lib/safe-redirect.ts';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { identityErrorMessageId } from '../identity-errors.ts';
import { AuthCard } from '../../../app/layouts/auth-card.tsx';

export function AuthCallbackPage() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const error = searchParams.get('error');
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  useEffect(() => {
    if (!error) void navigate(redirect ?? '/', { replace: true });
  }, [error, redirect, navigate]);
  if (!error) return <PageLoader />;
  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.callback.title' })}>
      <Stack gap="sm">
        <Alert
          variant="light"
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          data-testid="callback-error"
        >
          <FormattedMessage id={identityErrorMessageId(error)} />
        </Alert>
        <Text size="sm">
          <Anchor component={Link} to="/login">
            <FormattedMessage id="auth.callback.back" />
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
