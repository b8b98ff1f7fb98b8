/**
 * `/matchmaking/client/new/:id/avatar` (spec s.2, s.4 client onboarding step 2; issue 21 "Media"): the person's
 * photo — upload it (from this device, the phone's camera, by dropping it, or from a phone through a QR code), see it,
 * remove it — then continue to care details; or "skip for now", which records the step without a photo.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { clientStepPath } from '@tend/contracts';
import {
  mediaKeys,
  useClientAvatar,
  useDeleteClientAvatar,
  useSkipClientAvatar,
  useUploadClientAvatar,
} from '../api/media.ts';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';
import { PhotoMobileLink } from '../components/photo-mobile-link.tsx';
import { PhotoPageState } from '../components/photo-page-state.tsx';
import { PhotoPreview } from '../components/photo-preview.tsx';
import { PhotoUploadField, useUploadErrorText } from '../components/photo-upload-field.tsx';

export function ClientAvatarPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const avatar = useClientAvatar(id);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadClientAvatar(id, setProgress);
  const remove = useDeleteClientAvatar(id);
  const skip = useSkipClientAvatar(id);
  const errorText = useUploadErrorText();
  const next = clientStepPath('careDetails', id);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: mediaKeys.clientAvatar(id) }),
    [queryClient, id],
  );

  if (!avatar.data) return <PhotoPageState isPending={avatar.isPending} home="/matchmaking" />;
  const { firstName, photo } = avatar.data;
  return (
    <Stack gap="lg" maw={640}>
      <OnboardingProgress side="client" step="avatar" />
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {intl.formatMessage({ id: 'matchmaking.media.avatar.title' }, { name: firstName })}
      </Title>
      <Text>{intl.formatMessage({ id: 'matchmaking.media.avatar.intro' })}</Text>
      {photo ? (
        <Group gap="md" align="center" wrap="wrap">
          <PhotoPreview
            url={photo.url}
            size={160}
            round
            alt={intl.formatMessage({ id: 'matchmaking.media.avatar.alt' }, { name: firstName })}
          />
          <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            {intl.formatMessage({ id: 'matchmaking.media.avatar.remove' })}
          </Button>
        </Group>
      ) : (
        <Text c="dimmed">{intl.formatMessage({ id: 'matchmaking.media.avatar.empty' })}</Text>
      )}
      <PhotoUploadField
        kind="photo"
        label={intl.formatMessage({
          id: photo ? 'matchmaking.media.avatar.replace' : 'matchmaking.media.avatar.add',
        })}
        progress={progress}
        error={upload.isError ? errorText(upload.error, 'photo') : null}
        onFile={(file) =>
          upload.mutate(file, {
            onSettled: () => setProgress(null),
          })
        }
      />
      <PhotoMobileLink purpose="client-avatar" profileId={id} onArrived={refresh} />
      <Group gap="sm" wrap="wrap">
        {photo ? (
          <Button onClick={() => void navigate(next)}>
            {intl.formatMessage({ id: 'matchmaking.onboarding.continue' })}
          </Button>
        ) : (
          <Button
            variant="default"
            onClick={() => skip.mutate(undefined, { onSuccess: () => void navigate(next) })}
            loading={skip.isPending}
          >
            {intl.formatMessage({ id: 'matchmaking.media.avatar.skip' })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
