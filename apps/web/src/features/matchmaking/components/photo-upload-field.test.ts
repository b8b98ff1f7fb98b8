/** The checks a photo or video gets before it is sent, and the transcript track of a video (decision 0055). */
import { describe, expect, it } from 'vitest';
import { fileProblem } from './photo-upload-field.tsx';
import { transcriptVtt } from './video-player.tsx';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('fileProblem', () => {
  it('lets photos and videos of the accepted types and sizes go', () => {
    expect(fileProblem('photo', file('a.jpg', 'image/jpeg', 10))).toBeNull();
    expect(fileProblem('photo', file('a.heic', '', 10))).toBeNull();
    expect(fileProblem('video', file('a.webm', 'video/webm', 10))).toBeNull();
  });

  it('names the wrong type, a file too large, and an empty one', () => {
    expect(fileProblem('photo', file('a.pdf', 'application/pdf', 10))).toBe(
      'matchmaking.media.error.type.photo',
    );
    expect(fileProblem('video', file('a.png', 'image/png', 10))).toBe('matchmaking.media.error.type.video');
    expect(fileProblem('photo', file('a.png', 'image/png', 10 * 1024 * 1024 + 1))).toBe(
      'matchmaking.media.error.tooLarge.photo',
    );
    expect(fileProblem('photo', file('a.png', 'image/png', 0))).toBe('matchmaking.media.error.empty');
  });
});

describe('transcriptVtt', () => {
  it('makes one cue over the whole video, without a cue arrow or blank line inside the text', () => {
    expect(transcriptVtt('Hi --> there\n\n\nI am Rosa')).toBe(
      'WEBVTT\n\n00:00:00.000 --> 99:59:59.000\nHi → there\nI am Rosa\n',
    );
  });
});
