const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as English short form in UTC ("Nov 22, 2026"): what `Intl.DateTimeFormat('en', { day:
 * 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })` gives, without building a formatter,
 * whose locale data costs the first view of a page tens of milliseconds on a phone.
 */
export function formatDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
