/**
 * One of a caregiver's own videos (issue 21 "a video's transcript is typed or edited by its owner"): the player, the
 * transcript to type or edit and save, "make this my main video", and delete. Give it a `key` with the saved
 * transcript, so a saved change resets the field.
 */
import { Badge, Button, Card, Group, Stack, Textarea } from '@mantine/core';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { MATCHMAKING_TRANSCRIPT_MAX, type MatchmakingVideo } from '@tend/contracts';
import { useDeleteCaregiverVideo, useUpdateCaregiverVideo } from '../api/media.ts';
import { VideoPlayer } from './video-player.tsx';

export function VideoCard({ video, index }: { video: MatchmakingVideo; index: number }) {
  const intl = useIntl();
  const [transcript, setTranscript] = useState(video.transcript ?? '');
  const update = useUpdateCaregiverVideo();
  const remove = useDeleteCaregiverVideo();
  const label = intl.formatMessage({ id: 'matchmaking.media.video.label' }, { number: index + 1 });
  const changed = transcript.trim() !== (video.transcript ?? '');
  return (
    <Card withBorder padding="sm" data-testid="video-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Badge variant="light" color={video.isPrimary ? 'green' : 'gray'}>
            {intl.formatMessage({
              id: video.isPrimary ? 'matchmaking.media.video.primary' : 'matchmaking.media.video.other',
            })}
          </Badge>
        </Group>
        <VideoPlayer video={video} label={label} />
        <Textarea
          label={intl.formatMessage({ id: 'matchmaking.media.video.transcriptLabel' })}
          description={intl.formatMessage({ id: 'matchmaking.media.video.transcriptHelp' })}
          value={transcript}
          onChange={(event) => setTranscript(event.currentTarget.value)}
          maxLength={MATCHMAKING_TRANSCRIPT_MAX}
          autosize
          minRows={3}
          error={update.isError ? intl.formatMessage({ id: 'matchmaking.media.error.unknown' }) : undefined}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            onClick={() => update.mutate({ videoId: video.id, transcript: transcript.trim() || null })}
            loading={update.isPending}
            disabled={!changed}
          >
            {intl.formatMessage({ id: 'matchmaking.media.video.saveTranscript' })}
          </Button>
          {!video.isPrimary && (
            <Button
              variant="light"
              leftSection={<IconStar size={18} aria-hidden />}
              onClick={() => update.mutate({ videoId: video.id, isPrimary: true })}
              loading={update.isPending}
            >
              {intl.formatMessage({ id: 'matchmaking.media.video.makePrimary' })}
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => remove.mutate(video.id)}
            loading={remove.isPending}
          >
            {intl.formatMessage({ id: 'matchmaking.media.video.delete' }, { number: index + 1 })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
