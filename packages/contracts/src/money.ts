/**
 * Money as integer cents (UX.md "Money and units"): what people type, and how it reads. Pure, no zod: the
 * web app's shell formats money (lib/format) without pulling the schemas into /login (decision 0005).
 */
/** Dollars as typed by a person ("12.5", "$1,234.56") → integer cents, or null when not a money amount. */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer cents → "$1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
