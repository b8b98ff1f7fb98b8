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
import {
  MATCHMAKING_MAX_ADDITIONAL_PHOTOS,
  MATCHMAKING_MAX_VIDEOS,
  caregiverStepPath,
  type CaregiverMedia,
} from '@tend/contracts';
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
import { PhotoPageState } from '../components/photo-page-state.tsx';
import { PhotoPreview } from '../components/photo-preview.tsx';
import { PhotoUploadField, useUploadErrorText } from '../components/photo-upload-field.tsx';
import { VideoCard } from '../components/video-card.tsx';

/** The additional photos: the grid with delete buttons, the upload field and the phone link (up to six). */
function PhotosSection({ media, onArrived }: { media: CaregiverMedia; onArrived: () => void }) {
  const intl = useIntl();
  const [progress, setProgress] = useState<number | null>(null);
  const addPhoto = useAddCaregiverPhoto(setProgress);
  const deletePhoto = useDeleteCaregiverPhoto();
  const errorText = useUploadErrorText();
  const { photos } = media;
  return (
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
                aria-label={intl.formatMessage(
                  { id: 'matchmaking.media.addMedia.deletePhoto' },
                  { number: index + 1 },
                )}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {photos.length >= MATCHMAKING_MAX_ADDITIONAL_PHOTOS ? (
        <Alert color="blue" variant="light">
          {intl.formatMessage({ id: 'matchmaking.media.error.full.photo' })}
        </Alert>
      ) : (
        <>
          <PhotoUploadField
            kind="photo"
            label={intl.formatMessage({ id: 'matchmaking.media.addMedia.addPhoto' })}
            progress={progress}
            error={addPhoto.isError ? errorText(addPhoto.error, 'photo') : null}
            onFile={(file) => addPhoto.mutate(file, { onSettled: () => setProgress(null) })}
          />
          <PhotoMobileLink purpose="additional-photo" profileId={media.caregiverId} onArrived={onArrived} />
        </>
      )}
    </Stack>
  );
}

/** The videos: each with its player and transcript, the upload field and the phone link (up to three). */
function VideosSection({ media, onArrived }: { media: CaregiverMedia; onArrived: () => void }) {
  const intl = useIntl();
  const [progress, setProgress] = useState<number | null>(null);
  const addVideo = useAddCaregiverVideo(setProgress);
  const errorText = useUploadErrorText();
  const { videos } = media;
  return (
    <Stack gap="sm" component="section" aria-labelledby="media-videos">
      <Title order={2} size="h3" id="media-videos">
        {intl.formatMessage({ id: 'matchmaking.media.addMedia.videos' })}
      </Title>
      <Text size="sm">{intl.formatMessage({ id: 'matchmaking.media.addMedia.videoIntro' })}</Text>
      {videos.length === 0 && (
        <Text c="dimmed">{intl.formatMessage({ id: 'matchmaking.media.addMedia.noVideos' })}</Text>
      )}
      {videos.map((video, index) => (
        <VideoCard key={`${video.id}:${video.transcript ?? ''}`} video={video} index={index} />
      ))}
      {videos.length < MATCHMAKING_MAX_VIDEOS && (
        <>
          <PhotoUploadField
            kind="video"
            label={intl.formatMessage({ id: 'matchmaking.media.addMedia.addVideo' })}
            progress={progress}
            error={addVideo.isError ? errorText(addVideo.error, 'video') : null}
            onFile={(file) => addVideo.mutate(file, { onSettled: () => setProgress(null) })}
          />
          <PhotoMobileLink purpose="caregiver-video" profileId={media.caregiverId} onArrived={onArrived} />
        </>
      )}
    </Stack>
  );
}

export function CaregiverAddMediaPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const media = useCaregiverMedia();
  const finish = useFinishCaregiverMedia();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: mediaKeys.caregiver }),
    [queryClient],
  );
  if (!media.data) return <PhotoPageState isPending={media.isPending} home="/matchmaking" />;
  const { caregiverId } = media.data;
  return (
    <Stack gap="lg" maw={720}>
      <OnboardingProgress side="caregiver" step="addMedia" />
      <Title order={1}>{intl.formatMessage({ id: 'matchmaking.media.addMedia.title' })}</Title>
      <Text>{intl.formatMessage({ id: 'matchmaking.media.addMedia.intro' })}</Text>
      <PhotosSection media={media.data} onArrived={refresh} />
      <VideosSection media={media.data} onArrived={refresh} />
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'matchmaking.media.addMedia.optional' })}
      </Text>
      <Group>
        <Button
          onClick={() =>
            finish.mutate(undefined, {
              onSuccess: () => void navigate(caregiverStepPath('medallion', caregiverId)),
            })
          }
          loading={finish.isPending}
        >
          {intl.formatMessage({ id: 'matchmaking.onboarding.continue' })}
        </Button>
      </Group>
    </Stack>
  );
}
