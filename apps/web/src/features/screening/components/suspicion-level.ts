/** How a suspicion level shows: a badge colour (always beside the word) and the word. */
import type { SuspicionLevel } from '@tend/contracts';

export const levelColors: Record<SuspicionLevel, string> = { LOW: 'yellow', MEDIUM: 'orange', HIGH: 'red' };
export const levelLabels: Record<SuspicionLevel, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' };
