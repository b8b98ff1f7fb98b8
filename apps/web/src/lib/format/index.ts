/**
 * The web's one formatting module (UX.md "Time", "Money and units"): dates and times, durations,
 * money, counts and units, coordinates. Pages import from here; none formats these on its own.
 */
export * from './time.ts';
export * from './duration.ts';
export * from './money.ts';
export * from './units.ts';
export * from './location.ts';
