/**
 * `/matchmaking/caregiver/new/:id/addMedia` (spec s.2, s.4 caregiver onboarding step 2; issue 21 "Media"): additional
 * photos (up to six) and a short video with its transcript, typed or edited by the caregiver; both optional (the page
 * says so). "Save and continue" records the step and opens the medallion step.
 */
import { ActionIcon, Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { MATCHMAKING_MAX_ADDITIONAL_PHOTOS, MATCHMAKING_MAX_VIDEOS, caregiverStepPath } from '@tend/contracts';
import {
  mediaKeys,
  useAddCaregiverPhoto,
  useAddCaregiverVideo,
  useCaregiverMedia,
  useDeleteCaregiverPhoto,
  useFinishCaregiverMedia,
} from '../api/media.ts';
import { OnboardingProgress } from '../components/onboarding-progress.tsx';
import { PhotoMobileLink } from '../components/photo-mobile-link.tsx';
import { PhotoPageState } from '../components/photo-not-found.tsx';
import { PhotoPreview } from '../components/photo-preview.tsx';
import { PhotoUploadField, useUploadErrorText } from '../components/photo-upload-field.tsx';
import { VideoCard } from '../components/video-card.tsx';

export function CaregiverAddMediaPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const media = useCaregiverMedia();
  const [photoProgress, setPhotoProgress] = useState<number | null>(null);
  const [videoProgress, setVideoProgress] = useState<number | null>(null);
  const addPhoto = useAddCaregiverPhoto(setPhotoProgress);
  const addVideo = useAddCaregiverVideo(setVideoProgress);
  const deletePhoto = useDeleteCaregiverPhoto();
  const finish = useFinishCaregiverMedia();
  const errorText = useUploadErrorText();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: mediaKeys.caregiver }),
    [queryClient],
  );

  if (!media.data) return <PhotoPageState isPending={media.isPending} home="/matchmaking" />;
  const { caregiverId, photos, videos } = media.data;
  const photosFull = photos.length >= MATCHMAKING_MAX_ADDITIONAL_PHOTOS;
  const videosFull = videos.length >= MATCHMAKING_MAX_VIDEOS;
  return (
    <Stack gap="lg" maw={720}>
      <OnboardingProgress side="caregiver" step="addMedia" />
      <Title order={1}>{intl.formatMessage({ id: 'matchmaking.media.addMedia.title' })}</Title>
      <Text>{intl.formatMessage({ id: 'matchmaking.media.addMedia.intro' })}</Text>

      <Stack gap="sm" component="section" aria-labelledby="media-photos">
        <Title order={2} size="h3" id="media-photos">
          {intl.formatMessage(
            { id: 'matchmaking.media.addMedia.photos' },
            { count: photos.length, max: MATCHMAKING_MAX_ADDITIONAL_PHOTOS },
          )}
        </Title>
        {photos.length === 0 ? (
          <Text c="dimmed">{intl.formatMessage({ id: 'matchmaking.media.addMedia.noPhotos' })}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            {photos.map((photo, index) => (
              <Stack key={photo.id} gap={4} align="flex-start">
                <PhotoPreview
                  url={photo.url}
                  size={120}
                  alt={intl.formatMessage({ id: 'matchmaking.media.addMedia.photoAlt' }, { number: index + 1 })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => photo.id && deletePhoto.mutate(photo.id)}
                  aria-label={intl.formatMessage({ id: 'matchmaking.media.addMedia.deletePhoto' }, { number: index + 1 })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        {photosFull ? (
          <Alert color="blue" variant="light">
            {intl.formatMessage({ id: 'matchmaking.media.error.full.photo' })}
          </Alert>
        ) : (
          <>
            <PhotoUploadField
              kind="photo"
              label={intl.formatMessage({ id: 'matchmaking.media.addMedia.addPhoto' })}
              progress={photoProgress}
              error={addPhoto.isError ? errorText(addPhoto.error, 'photo') : null}
              onFile={(file) => addPhoto.mutate(file, { onSettled: () => setPhotoProgress(null) })}
            />
            <PhotoMobileLink purpose="additional-photo" profileId={caregiverId} onArrived={refresh} />
          </>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="media-videos">
        <Title order={2} size="h3" id="media-videos">
          {intl.formatMessage({ id: 'matchmaking.media.addMedia.videos' })}
        </Title>
        <Text size="sm">{intl.formatMessage({ id: 'matchmaking.media.addMedia.videoIntro' })}</Text>
        {videos.length === 0 && (
          <Text c="dimmed">{intl.formatMessage({ id: 'matchmaking.media.addMedia.noVideos' })}</Text>
        )}
        {videos.map((video, index) => (
          <VideoCard key={video.id} video={video} index={index} />
        ))}
        {!videosFull && (
          <>
            <PhotoUploadField
              kind="video"
              label={intl.formatMessage({ id: 'matchmaking.media.addMedia.addVideo' })}
              progress={videoProgress}
              error={addVideo.isError ? errorText(addVideo.error, 'video') : null}
              onFile={(file) => addVideo.mutate(file, { onSettled: () => setVideoProgress(null) })}
            />
            <PhotoMobileLink purpose="caregiver-video" profileId={caregiverId} onArrived={refresh} />
          </>
        )}
      </Stack>

      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'matchmaking.media.addMedia.optional' })}
      </Text>
      <Group>
        <Button
          onClick={() =>
            finish.mutate(undefined, { onSuccess: () => void navigate(caregiverStepPath('medallion', caregiverId)) })
          }
          loading={finish.isPending}
        >
          {intl.formatMessage({ id: 'matchmaking.onboarding.continue' })}
        </Button>
      </Group>
    </Stack>
  );
}
