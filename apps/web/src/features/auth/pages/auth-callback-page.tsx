/**
 * `/auth/callback` (public, no layout): where "Continue with Google" ends (docs/google-sign-in.md). With `?error=`
 * it shows the error in words (identity-errors.ts) and a way back to `/login`; without one the session exists and
 * the page goes on to `?redirect=` when it is a same-origin path (safe-redirect.ts, as `/login`), else `/`.
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect.ts';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { identityErrorMessage } from '../identity-errors.ts';
import { AuthCard } from './auth-card.tsx';

export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const error = searchParams.get('error');
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  useEffect(() => {
    if (!error) void navigate(redirect ?? '/', { replace: true });
  }, [error, redirect, navigate]);
  if (!error) return <PageLoader />;
  return (
    <AuthCard title="Sign-in did not finish">
      <Stack gap="sm">
        <Alert
          variant="light"
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          data-testid="callback-error"
        >
          {identityErrorMessage(error)}
        </Alert>
        <Text size="sm">
          <Anchor component={Link} to="/login">
            Back to sign-in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
