/**
 * Money (UX.md "Money and units"): the API and the database carry integer cents; people read and type
 * dollars with cents. The conversions themselves live in @tend/contracts (the API's CSV files use them too).
 */
import { formatCents } from '@tend/contracts/money';

export { dollarsToCents, formatCents } from '@tend/contracts/money';

/** Integer cents → "$1,234.56"; "—" when unknown. */
export const formatMoney = (cents: number | null | undefined): string =>
  typeof cents === 'number' ? formatCents(cents) : '—';

/** Integer cents as a form's dollar input: 1250 → "12.50" (read back with `dollarsToCents`). */
export const dollarsFieldValue = (cents: number): string => (cents / 100).toFixed(2);
