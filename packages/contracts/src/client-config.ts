/**
 * Public settings the web app needs before or without sign-in (`GET /api/client-config`). Nothing
 * here is secret or PHI: it is served to anyone.
 */
import { z } from 'zod';

export const clientConfig = z.object({
  map: z.object({
    /**
     * Leaflet tile URL template (`{s}`, `{z}`, `{x}`, `{y}`), from MAP_TILE_URL; null when none is set:
     * the maps then draw the bundled US outlines, as they do wherever tiles fail to load (decision 0038).
     */
    tileUrl: z.string().nullable(),
    /** Attribution for the tiles, plain text (never HTML), from MAP_TILE_ATTRIBUTION. */
    attribution: z.string(),
  }),
  /** IANA zone times are shown in (AGENCY_TIME_ZONE; UX.md "Time": the agency's time zone). */
  agencyTimeZone: z.string(),
  /** Whether `/login` offers "Create an account" (SIGN_UP_ENABLED; decision 0018). */
  signUpEnabled: z.boolean(),
  /** Whether `/login` offers "Continue with Google" (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set). */
  googleSignInEnabled: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfig>;
