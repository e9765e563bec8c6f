/**
 * `POST /v1/amendments`: a reviewer confirms, corrects or clears a field of an artifact.
 * The artifact and its chain so far (`amendments`) are replayed, the decision becomes the
 * next amendment, signed with the service's reviewer key (`--reviewer-key-env`), and the
 * answer is `{ ok, amendment, amendments, review }`: the new amendment, the whole chain to
 * keep beside the artifact, and the data with the chain applied. 422 with the error code
 * when the artifact or the chain does not verify (`AMENDMENT_INVALID`, `HASH_MISMATCH`, …)
 * or the value is not one the contract allows; 501 when the service has no reviewer key.
 */
import type { FastifyInstance } from 'fastify';
import type { AmendmentDecision, Paxman } from 'paxman';
import { ProblemError } from '../problem.js';
import { amendmentSchema } from '../schemas.js';
import type { RunService } from '../run-service.js';

interface AmendmentBody {
  readonly artifact: unknown;
  readonly contract: unknown;
  readonly schemaName?: string;
  readonly amendments?: unknown[];
  readonly decision: AmendmentDecision;
}

/** Registers the route; `reviewerKey` is the PEM text it signs with, or null when the service signs none. */
export function registerAmendmentRoute(app: FastifyInstance, paxman: Paxman, service: RunService, reviewerKey: string | null): void {
  app.post('/v1/amendments', { schema: amendmentSchema }, async (request) => {
    if (reviewerKey === null) throw new ProblemError({ status: 501, title: 'Not configured', detail: 'This service signs no amendments: start it with --reviewer-key-env <NAME>.', code: 'AMENDMENTS_NOT_CONFIGURED' });
    const body = request.body as AmendmentBody;
    const options = { contract: body.contract, ...(body.schemaName === undefined ? {} : { schemaName: body.schemaName }) };
    const amendments = await service.limited(() => paxman.amend(body.artifact, { ...options, amendments: body.amendments ?? [], key: reviewerKey, decision: body.decision }));
    const replayed = await service.limited(() => paxman.replay(body.artifact, { ...options, amendments }));
    return { ok: true, amendment: amendments[amendments.length - 1], amendments, review: { data: replayed.review?.data ?? {}, amendedFields: replayed.review?.amendedFields ?? {} } };
  });
}
