/**
 * A file field for a photo or a video (issue 21 "Media"; decision 0055): choose a file, take a photo or record a video
 * with the phone's camera (`capture`), or drop a file on it; checks the type and size before sending (the server
 * checks again), shows a progress bar while the bytes go, and says what is wrong with a file in words.
 */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconUpload, IconVideo } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import {
  MATCHMAKING_PHOTO_MAX_BYTES,
  MATCHMAKING_VIDEO_MAX_BYTES,
  matchmakingPhotoTypes,
  matchmakingVideoTypes,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';

export type MediaKind = 'photo' | 'video';

const limits = {
  photo: {
    types: matchmakingPhotoTypes as readonly string[],
    max: MATCHMAKING_PHOTO_MAX_BYTES,
    accept: matchmakingPhotoTypes.join(','),
  },
  video: {
    types: matchmakingVideoTypes as readonly string[],
    max: MATCHMAKING_VIDEO_MAX_BYTES,
    accept: matchmakingVideoTypes.join(','),
  },
};

/** The message id of what is wrong with `file` for `kind` before it is sent, or null when it may go. */
export function fileProblem(kind: MediaKind, file: File): string | null {
  const type = file.type.toLowerCase();
  // Some phones give no type for HEIC photos: the name decides then, and the server checks the bytes.
  const heicByName = kind === 'photo' && type === '' && /\.(heic|heif)$/i.test(file.name);
  if (!limits[kind].types.includes(type) && !heicByName) return `matchmaking.media.error.type.${kind}`;
  if (file.size > limits[kind].max) return `matchmaking.media.error.tooLarge.${kind}`;
  if (file.size === 0) return 'matchmaking.media.error.empty';
  return null;
}

/** The words for a failed upload: too large, wrong type, refused link, not reached, or the server's own. */
export function useUploadErrorText() {
  const intl = useIntl();
  return (error: unknown, kind: MediaKind): string => {
    if (error instanceof ApiError) {
      if (error.status === 413) return intl.formatMessage({ id: `matchmaking.media.error.tooLarge.${kind}` });
      if (error.status === 415) return intl.formatMessage({ id: `matchmaking.media.error.type.${kind}` });
      if (error.status === 409) return intl.formatMessage({ id: `matchmaking.media.error.full.${kind}` });
      if (error.status === 0) return intl.formatMessage({ id: 'matchmaking.media.error.network' });
      if (error.status === 403) return intl.formatMessage({ id: 'matchmaking.media.error.link' });
    }
    return intl.formatMessage({ id: 'matchmaking.media.error.unknown' });
  };
}

export interface PhotoUploadFieldProps {
  kind: MediaKind;
  /** The field's label, e.g. "Add a photo". */
  label: string;
  /** Called with a file that passed the checks. */
  onFile: (file: File) => void;
  /** Share sent (0..1) while uploading; null when idle. */
  progress: number | null;
  /** An upload error to show (from the mutation). */
  error?: string | null;
  disabled?: boolean;
}

/** The progress bar while the bytes go, and what went wrong. */
function UploadStatus({ progress, error }: { progress: number | null; error: string | null }) {
  const intl = useIntl();
  const percent = progress === null ? 0 : Math.round(progress * 100);
  const text = intl.formatMessage({ id: 'matchmaking.media.uploading' }, { percent });
  return (
    <>
      {progress !== null && (
        <>
          <Progress value={percent} size="lg" striped animated aria-label={text} />
          <Text size="sm" aria-live="polite">
            {text}
          </Text>
        </>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/** A hidden file input (the buttons open it); `capture` opens the phone's camera. */
function HiddenFileInput({
  ref,
  accept,
  capture,
  label,
  testId,
  onPick,
}: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  capture?: 'user';
  label: string;
  testId?: string;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      capture={capture}
      hidden
      aria-label={label}
      data-testid={testId}
      onChange={(event) => {
        onPick(event.currentTarget.files?.[0]);
        event.currentTarget.value = '';
      }}
    />
  );
}

/** The drop zone's look (a dashed border, green while a file is dragged over it). */
const zoneStyle = (dragging: boolean) => ({
  border: `2px dashed var(--mantine-color-${dragging ? 'green-6' : 'gray-4'})`,
  borderRadius: 'var(--mantine-radius-md)',
  background: dragging ? 'var(--mantine-color-green-0)' : undefined,
});

export function PhotoUploadField({ kind, label, onFile, progress, error, disabled }: PhotoUploadFieldProps) {
  const intl = useIntl();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const off = progress !== null || Boolean(disabled);
  const take = (file: File | undefined) => {
    if (!file) return;
    const wrong = fileProblem(kind, file);
    setProblem(wrong ? intl.formatMessage({ id: wrong }, { name: file.name }) : null);
    if (!wrong) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!off) take(event.dataTransfer.files[0]);
  };
  const captureLabel = intl.formatMessage({ id: `matchmaking.media.capture.${kind}` });
  return (
    <Stack
      gap="xs"
      p="md"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid={`upload-${kind}`}
      style={zoneStyle(dragging)}
    >
      <Text fw={600} id={`${id}-label`}>
        {label}
      </Text>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: `matchmaking.media.hint.${kind}` })}
      </Text>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconUpload size={18} aria-hidden />}
          onClick={() => fileInput.current?.click()}
          disabled={off}
          aria-describedby={`${id}-label`}
        >
          {intl.formatMessage({ id: `matchmaking.media.choose.${kind}` })}
        </Button>
        <Button
          variant="subtle"
          leftSection={
            kind === 'photo' ? <IconCamera size={18} aria-hidden /> : <IconVideo size={18} aria-hidden />
          }
          onClick={() => cameraInput.current?.click()}
          disabled={off}
          aria-describedby={`${id}-label`}
        >
          {captureLabel}
        </Button>
      </Group>
      <HiddenFileInput
        ref={fileInput}
        accept={limits[kind].accept}
        label={label}
        testId={`file-${kind}`}
        onPick={take}
      />
      <HiddenFileInput
        ref={cameraInput}
        accept={kind === 'photo' ? 'image/*' : 'video/*'}
        capture="user"
        label={captureLabel}
        onPick={take}
      />
      <UploadStatus progress={progress} error={problem ?? error ?? null} />
    </Stack>
  );
}
