/**
 * A video bio with its transcript (issue 21 "A video player with the transcript as text beside it and as a track"):
 * `<video controls>` streaming from the API (Range requests), the transcript as a captions track (one cue over the
 * whole video, made in the browser: nothing from another host) and as text under it.
 */
import { Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MatchmakingVideo } from '@tend/contracts';

/** A WebVTT file with the whole transcript as one cue (no timings are known). */
export function transcriptVtt(transcript: string): string {
  const text = transcript.replace(/-->/g, '→').replace(/\n{2,}/g, '\n');
  return `WEBVTT\n\n00:00:00.000 --> 99:59:59.000\n${text}\n`;
}

export function VideoPlayer({ video, label }: { video: MatchmakingVideo; label: string }) {
  const intl = useIntl();
  const track = useMemo(
    () =>
      video.transcript
        ? URL.createObjectURL(new Blob([transcriptVtt(video.transcript)], { type: 'text/vtt' }))
        : null,
    [video.transcript],
  );
  useEffect(() => () => (track ? URL.revokeObjectURL(track) : undefined), [track]);
  return (
    <Stack gap={4}>
      <video
        controls
        preload="metadata"
        src={video.url}
        aria-label={label}
        style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#000' }}
        data-testid="video-player"
      >
        {track && (
          <track
            kind="captions"
            src={track}
            srcLang={intl.locale}
            label={intl.formatMessage({ id: 'matchmaking.media.video.transcript' })}
          />
        )}
      </video>
      {video.transcript ? (
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="video-transcript"
        >
          {video.transcript}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'matchmaking.media.video.noTranscript' })}
        </Text>
      )}
    </Stack>
  );
}
