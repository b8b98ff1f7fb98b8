/**
 * Time formatting (UX.md "Time"): relative times ("3 h ago") with the exact time on hover, the exact
 * time naming its zone. Times show in the browser's zone until the agency zone reaches the client.
 */
const exactFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'long' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 21, 2025, 3:04:05 PM PST". */
export function formatExactTime(value: string | Date): string {
  return exactFormat.format(new Date(value));
}

/**
 * "just now", "5 min ago", "3 h ago", "2 d ago" (or "in 5 min" for the future); beyond 30 days the
 * date ("Nov 21, 2025").
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const say = (amount: number, unit: string) =>
    seconds >= 0 ? `${amount} ${unit} ago` : `in ${amount} ${unit}`;
  if (abs < 45) return 'just now';
  if (abs < 3600) return say(Math.max(1, Math.round(abs / 60)), 'min');
  if (abs < 86_400) return say(Math.round(abs / 3600), 'h');
  if (abs < 30 * 86_400) return say(Math.round(abs / 86_400), 'd');
  return dateFormat.format(date);
}
