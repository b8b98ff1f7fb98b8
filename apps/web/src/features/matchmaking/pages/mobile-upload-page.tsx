/**
 * `/matchmaking/mobile-upload?token=` (spec s.2; issue 21 "continue a photo or video upload from a phone"; decision
 * 0055), opened on a phone from the QR code: no sign-in — the link's token alone allows ONE upload of what the
 * computer asked for. Take the photo or video with the camera (or choose one), watch it go, and go back to the
 * computer, which notices by itself. A used, expired or damaged link says so and what to do.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useMobileUpload, useMobileUploadToken } from '../api/media.ts';
import { PhotoUploadField, useUploadErrorText } from '../components/photo-upload-field.tsx';
import { PhotoPageState } from '../components/photo-page-state.tsx';

/** Why a link is refused: `invalid`, `used` or `expired` (the API's `errors[0].message`). */
function refusal(error: unknown): 'invalid' | 'used' | 'expired' {
  const reason = error instanceof ApiError ? error.fieldErrors[0]?.message : undefined;
  return reason === 'used' || reason === 'expired' ? reason : 'invalid';
}

export function MobileUploadPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useMobileUploadToken(token);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMobileUpload(token, setProgress);
  const errorText = useUploadErrorText();

  if (token === '' || check.isError) {
    const reason = token === '' ? 'invalid' : refusal(check.error);
    return (
      <Stack gap="md" maw={560}>
        <Title order={1}>
          {intl.formatMessage({ id: `matchmaking.media.phone.refused.${reason}.title` })}
        </Title>
        <Alert color="yellow" role="alert">
          {intl.formatMessage({ id: `matchmaking.media.phone.refused.${reason}.body` })}
        </Alert>
      </Stack>
    );
  }
  if (!check.data) return <PhotoPageState isPending home="/matchmaking" />;
  const { purpose } = check.data;
  const kind = purpose === 'caregiver-video' ? 'video' : 'photo';
  if (upload.isSuccess) {
    return (
      <Stack gap="md" maw={560}>
        <Title order={1}>{intl.formatMessage({ id: 'matchmaking.media.phone.done.title' })}</Title>
        <Alert color="green" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
          {intl.formatMessage({ id: 'matchmaking.media.phone.done.body' })}
        </Alert>
      </Stack>
    );
  }
  const spent = upload.isError && upload.error instanceof ApiError && upload.error.status === 403;
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{intl.formatMessage({ id: `matchmaking.media.phone.title.${purpose}` })}</Title>
      <Text>{intl.formatMessage({ id: `matchmaking.media.phone.intro.${kind}` })}</Text>
      <PhotoUploadField
        kind={kind}
        label={intl.formatMessage({ id: `matchmaking.media.phone.field.${kind}` })}
        progress={progress}
        disabled={spent}
        error={upload.isError ? errorText(upload.error, kind) : null}
        onFile={(file) => upload.mutate(file, { onSettled: () => setProgress(null) })}
      />
      <Text size="sm" c="dimmed">
        {intl.formatMessage(
          { id: 'matchmaking.media.phone.expires' },
          { time: intl.formatTime(new Date(check.data.expiresAt), { hour: 'numeric', minute: '2-digit' }) },
        )}
      </Text>
    </Stack>
  );
}
