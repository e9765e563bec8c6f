/**
 * The one calendar-validity check: whether a year, month and day name a real day of the
 * proleptic Gregorian calendar, and whether a text is a `YYYY-MM-DD` date or an RFC 3339
 * date-time. Contract defaults, recognizers, validation and the reconciler all ask it.
 */

/** Days in `month` (1–12) of `year`, by the Gregorian leap-year rule. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True when `year`-`month`-`day` is a real calendar day (integers; month 1–12). */
export function isValidCalendarDay(year: number, month: number, day: number): boolean {
  return Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RFC_3339_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/**
 * True for a real calendar date written `YYYY-MM-DD`.
 * @example isCalendarDate('2024-02-29') // true; isCalendarDate('2023-02-29') // false
 */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  return match !== null && isValidCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** True for an RFC 3339 date-time (`2024-03-25T10:00:00Z`, offset or `Z` required). */
export function isDateTime(text: string): boolean {
  const match = RFC_3339_DATE_TIME.exec(text);
  return match !== null && isCalendarDate(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 61;
}
