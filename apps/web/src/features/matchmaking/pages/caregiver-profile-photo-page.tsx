/**
 * `/matchmaking/caregiver/profilePhoto` (spec s.2, s.4 caregiver step 6; issue 21 "Media"): the photo families see
 * first — choose one of the additional photos or upload a new one (this device, the camera, a drop, or a phone) —
 * then continue to additional information. Continuing needs a profile photo.
 */
import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { caregiverStepPath, type MatchmakingPhoto } from '@tend/contracts';
import { mediaKeys, useCaregiverMedia, useChooseProfilePhoto, useUploadProfilePhoto } from '../api/media.ts';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';
import { PhotoMobileLink } from '../components/photo-mobile-link.tsx';
import { PhotoPageState } from '../components/photo-page-state.tsx';
import { PhotoPreview } from '../components/photo-preview.tsx';
import { PhotoUploadField, useUploadErrorText } from '../components/photo-upload-field.tsx';

/** Choosing one of the additional photos as the profile photo (none shown without additional photos). */
function ProfilePhotoChoice(props: {
  photos: MatchmakingPhoto[];
  chosen: string | null;
  onChoose: (photoId: string) => void;
}) {
  const intl = useIntl();
  if (props.photos.length === 0) return null;
  return (
    <Radio.Group
      label={intl.formatMessage({ id: 'matchmaking.media.profilePhoto.choose' })}
      value={props.chosen}
      onChange={props.onChoose}
    >
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" mt="xs">
        {props.photos.map((photo, index) => (
          <Stack key={photo.id} gap={4} align="flex-start">
            <PhotoPreview
              url={photo.url}
              size={110}
              alt={intl.formatMessage({ id: 'matchmaking.media.addMedia.photoAlt' }, { number: index + 1 })}
            />
            <Radio
              value={photo.id ?? ''}
              label={intl.formatMessage(
                { id: 'matchmaking.media.profilePhoto.useThis' },
                { number: index + 1 },
              )}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

export function CaregiverProfilePhotoPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const media = useCaregiverMedia();
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const upload = useUploadProfilePhoto(setProgress);
  const choose = useChooseProfilePhoto();
  const errorText = useUploadErrorText();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: mediaKeys.caregiver }),
    [queryClient],
  );
  const next = caregiverStepPath('additionalInfo', null);

  if (!media.data) return <PhotoPageState isPending={media.isPending} home="/matchmaking" />;
  const { caregiverId, profilePhoto, photos } = media.data;
  const canContinue = Boolean(profilePhoto) || chosen !== null;
  return (
    <Stack gap="lg" maw={720}>
      <OnboardingProgress side="caregiver" step="profilePhoto" />
      <Title order={1}>{intl.formatMessage({ id: 'matchmaking.media.profilePhoto.title' })}</Title>
      <Text>{intl.formatMessage({ id: 'matchmaking.media.profilePhoto.intro' })}</Text>
      {profilePhoto ? (
        <Group gap="md" wrap="wrap">
          <PhotoPreview
            url={profilePhoto.url}
            size={160}
            round
            alt={intl.formatMessage({ id: 'matchmaking.media.profilePhoto.alt' })}
          />
        </Group>
      ) : (
        <Text c="dimmed">{intl.formatMessage({ id: 'matchmaking.media.profilePhoto.empty' })}</Text>
      )}
      <ProfilePhotoChoice photos={photos} chosen={chosen} onChoose={setChosen} />
      <PhotoUploadField
        kind="photo"
        label={intl.formatMessage({ id: 'matchmaking.media.profilePhoto.upload' })}
        progress={progress}
        error={upload.isError ? errorText(upload.error, 'photo') : null}
        onFile={(file) =>
          upload.mutate(file, {
            onSuccess: () => setChosen(null),
            onSettled: () => setProgress(null),
          })
        }
      />
      <PhotoMobileLink purpose="caregiver-photo" profileId={caregiverId} onArrived={refresh} />
      {choose.isError && (
        <Alert color="red" role="alert">
          {intl.formatMessage({ id: 'matchmaking.media.error.unknown' })}
        </Alert>
      )}
      {!canContinue && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'matchmaking.media.profilePhoto.needed' })}
        </Text>
      )}
      <Group>
        <Button
          disabled={!canContinue}
          loading={choose.isPending}
          onClick={() => choose.mutate(chosen ?? undefined, { onSuccess: () => void navigate(next) })}
        >
          {intl.formatMessage({ id: 'matchmaking.onboarding.continue' })}
        </Button>
      </Group>
    </Stack>
  );
}
