/**
 * `POST /v1/replay`: verifies an artifact (object or JSON text) against the contract →
 * `{ ok: true, replayHash, status }` — with `amendments` (its chain of review amendments)
 * also `review`: the amended data and each amended field with its reviewer — or 422 naming why it is not verified
 * (`HASH_MISMATCH`, `CONTRACT_MISMATCH`, `VERSION_MISMATCH`, `INVALID_ARTIFACT`, …).
 */
import type { FastifyInstance } from 'fastify';
import type { Paxman } from 'paxman';
import { replaySchema } from '../schemas.js';
import type { RunService } from '../run-service.js';

export function registerReplayRoute(app: FastifyInstance, paxman: Paxman, service: RunService): void {
  app.post('/v1/replay', { schema: replaySchema }, async (request) => {
    const body = request.body as { artifact: unknown; contract: unknown; schemaName?: string; amendments?: unknown[] };
    const verified = await service.limited(() =>
      paxman.replay(body.artifact, { contract: body.contract, ...(body.schemaName === undefined ? {} : { schemaName: body.schemaName }), ...(body.amendments === undefined ? {} : { amendments: body.amendments }) }),
    );
    const review = verified.review === undefined ? {} : { review: { data: verified.review.data, amendedFields: verified.review.amendedFields } };
    return { ok: true, replayHash: verified.replayHash, status: verified.status, ...review };
  });
}
