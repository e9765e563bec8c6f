/**
 * `new Date(time).toISOString()` for the artifact's `createdAt`, cheaper for runs close in
 * time. Runs of a batch start within the same second, and the text of a time in the same
 * second as the last one differs only in its milliseconds, so the text up to the seconds
 * is remembered per owner (a Paxman instance's state) for the last second. Only whole
 * milliseconds in the years 1970-9999 take that way (their text is always
 * `YYYY-MM-DDTHH:mm:ss.sssZ`); any other time is formatted by `Date`.
 */
const lastIsoSecond = new WeakMap<object, { second: number; prefix: string }>();
const YEAR_10000_MS = 253402300800000;

/**
 * The ISO 8601 text of `time` (ms since the epoch), exactly as `Date#toISOString` writes it.
 * @example isoTime(state, 0) // '1970-01-01T00:00:00.000Z'
 */
export function isoTime(owner: object, time: number): string {
  if (!Number.isInteger(time) || time < 0 || time >= YEAR_10000_MS) return new Date(time).toISOString();
  const second = Math.floor(time / 1000);
  const millis = time - second * 1000;
  const last = lastIsoSecond.get(owner);
  if (last !== undefined && last.second === second) return `${last.prefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
  const text = new Date(time).toISOString();
  // `YYYY-MM-DDTHH:mm:ss.`: the milliseconds and the `Z` follow.
  const prefix = text.slice(0, 20);
  if (last === undefined) lastIsoSecond.set(owner, { second, prefix });
  else {
    last.second = second;
    last.prefix = prefix;
  }
  return text;
}
