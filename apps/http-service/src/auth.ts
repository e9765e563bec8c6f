/**
 * Bearer-key authentication: `Authorization: Bearer <key>` compared in constant time
 * (sha256 digests of both sides, so neither length nor content leaks through timing).
 * The key is read once from the environment variable the operator names and never logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** A checker for one key; `check(header)` is true when the header carries it. */
export function bearerChecker(key: string): (authorization: string | undefined) => boolean {
  const expected = createHash('sha256').update(key).digest();
  return (authorization) => {
    if (authorization === undefined || !authorization.startsWith('Bearer ')) return false;
    const given = createHash('sha256').update(authorization.slice('Bearer '.length)).digest();
    return timingSafeEqual(given, expected);
  };
}
