/** Month names for ISP months (1-12). */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The month's name for 1-12, or undefined. */
export const monthName = (month: number | null | undefined): string | undefined =>
  month ? monthNames[month - 1] : undefined;

/** Select data for an ISP month: value 1-12, label the month's name. */
export const monthOptions = monthNames.map((label, index) => ({ value: index + 1, label }));
