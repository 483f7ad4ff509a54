/**
 * A festival day (`YYYY-MM-DD`, as the content service gives it) as an instant to format: noon in
 * Riyadh, which is that date whatever the formatter's time zone rounding.
 */
export const festivalDayDate = (day: string): Date => new Date(`${day}T12:00:00+03:00`);
