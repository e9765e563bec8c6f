/**
 * `Idempotency-Key`: the same key within 24 hours returns the same job. A key is claimed for
 * a new job's id together with the fingerprint of its request; a second request with the
 * key gets the first job (or a 422 when its body differs — a key is one request, not a name
 * for many). Claims are atomic (one of two simultaneous requests wins), in memory for the
 * in-process queue and in Redis (`SET NX EX`) for the BullMQ one.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How long a key keeps its job. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The job a key was claimed for. */
export interface KeyClaim {
  readonly id: string;
  readonly fingerprint: string;
}

export interface IdempotencyKeys {
  /** Claims `key` for `claim`; null when it is now claimed, else the earlier claim. */
  claim(key: string, claim: KeyClaim): Promise<KeyClaim | null>;
  /** Gives a key up (its job could not be queued). */
  release(key: string, id: string): Promise<void>;
}

/** In memory, with the service's clock (tests move it past the 24 hours). */
export function memoryIdempotencyKeys(now: () => number = Date.now): IdempotencyKeys {
  const claims = new Map<string, KeyClaim & { readonly expiresAt: number }>();
  return {
    async claim(key, claim) {
      const time = now();
      for (const [name, entry] of claims) if (entry.expiresAt <= time) claims.delete(name);
      const earlier = claims.get(key);
      if (earlier !== undefined) return { id: earlier.id, fingerprint: earlier.fingerprint };
      claims.set(key, { ...claim, expiresAt: time + IDEMPOTENCY_TTL_MS });
      return null;
    },
    async release(key, id) {
      if (claims.get(key)?.id === id) claims.delete(key);
    },
  };
}

function redisKey(key: string): string {
  return `paxman:idempotency:${createHash('sha256').update(key).digest('hex')}`;
}

/** In Redis: `SET NX PX`, so every service process sees one claim per key. */
export function redisIdempotencyKeys(client: Redis): IdempotencyKeys {
  return {
    async claim(key, claim) {
      for (let tries = 0; tries < 3; tries += 1) {
        const set = await client.set(redisKey(key), JSON.stringify(claim), 'PX', IDEMPOTENCY_TTL_MS, 'NX');
        if (set === 'OK') return null;
        const earlier = await client.get(redisKey(key));
        // Expired between the two calls: claim again.
        if (earlier !== null) return JSON.parse(earlier) as KeyClaim;
      }
      throw new Error('Idempotency-Key: could not claim the key');
    },
    async release(key, id) {
      const earlier = await client.get(redisKey(key));
      if (earlier !== null && (JSON.parse(earlier) as KeyClaim).id === id) await client.del(redisKey(key));
    },
  };
}
