/**
 * The web build's manifest (issue 24 "App updates"; decision 0068): `apps/web/dist/build-manifest.json`, written
 * by the web build and served by the API at `/build-manifest.json` with `Cache-Control: no-store`, read from disk
 * on each request so a deploy that replaces the files is seen without a restart. The web app compares `version`
 * with its own and offers a reload when they differ. A file of the web app, not an API operation: no endpoint here
 * (endpoints live under /api/); the path is {@link BUILD_MANIFEST_PATH}.
 */
import { z } from 'zod';

/** `version`: unique per build (the build's start in base 36 and a random part); `builtAt`: ISO 8601. */
export const buildManifest = z.object({ version: z.string().min(1), builtAt: z.string() });
export type BuildManifest = z.infer<typeof buildManifest>;

/** Where the API serves the manifest (beside the web app's other files). */
export const BUILD_MANIFEST_PATH = '/build-manifest.json';
