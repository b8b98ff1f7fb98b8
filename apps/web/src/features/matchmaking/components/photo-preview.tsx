/**
 * A stored matchmaking photo at the width it is shown (the API serves `?w=` resized; issue 21 "resized thumbnails"),
 * with alt text; twice the width for sharp screens.
 */
import { Image } from '@mantine/core';

export interface PhotoPreviewProps {
  /** `/api/matchmaking/media/photos/<path>` (contracts `matchmakingPhoto.url`). */
  url: string;
  alt: string;
  /** Shown width in CSS pixels. */
  size: number;
  round?: boolean;
}

export function PhotoPreview({ url, alt, size, round }: PhotoPreviewProps) {
  return (
    <Image
      src={`${url}?w=${size * 2}`}
      alt={alt}
      w={size}
      h={size}
      fit="cover"
      radius={round ? size : 'md'}
      loading="lazy"
      data-testid="photo-preview"
    />
  );
}
