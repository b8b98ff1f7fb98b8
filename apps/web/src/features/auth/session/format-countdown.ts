/**
 * Countdowns of the session monitor: "4:59" in the warning (the debug page's "11:59:59" or "13 d 23:59:59" is
 * `formatTimeLeft` of lib/format).
 */

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Milliseconds left as m:ss, rounded up to the whole second (so "0:00" means the deadline is reached).
 * Hours are folded into the minutes ("75:00"); negative values count as 0.
 */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

/**
 * Milliseconds left as the whole minutes the session warning's screen-reader status says ("about 4 minutes"),
 * rounded up, so the words change once a minute (the visible m:ss countdown ticks every second and is not
 * announced); under a minute, or none left: 0 ("less than a minute"). The words are the catalogue's
 * (`auth.sessionWarning.announce*`, an ICU plural of this number).
 */
export function announcedMinutes(ms: number): number {
  return ms < 60_000 ? 0 : Math.ceil(ms / 60_000);
}
