/**
 * The better-auth browser client, mounted at the API's `/api/auth` (same origin; the dev server
 * proxies it). Used only for sign-in and sign-out; who is signed in comes from `GET /api/me`.
 */
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ basePath: '/api/auth' });
