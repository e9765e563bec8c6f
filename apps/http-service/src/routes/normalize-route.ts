/**
 * `POST /v1/normalize`: a JSON body (`input.text` or `input.base64`) or multipart form
 * data (`file`, `contract`, optional `policy` and `schemaName`) → the artifact. An invalid
 * contract is 422 with every problem and its path; an input over the limit 413.
 */
import type { FastifyInstance } from 'fastify';
import { type Paxman, type PolicyInput, Status, serializeArtifact } from 'paxman';
import { contractProblems, fromJson, fromMultipart } from '../normalize-request.js';
import { ProblemError } from '../problem.js';
import { normalizeSchema } from '../schemas.js';
import type { RunService } from '../run-service.js';

export function registerNormalizeRoute(app: FastifyInstance, paxman: Paxman, service: RunService): void {
  app.post('/v1/normalize', { schema: normalizeSchema }, async (request, reply) => {
    const parsed = request.isMultipart() ? await fromMultipart(request) : fromJson(request.body as Parameters<typeof fromJson>[0]);
    const policy = service.allowedPolicy(parsed.policy);
    const artifact = await service.limited((signal) =>
      paxman.normalize(parsed.input, {
        contract: parsed.contract,
        ...(parsed.schemaName === undefined ? {} : { schemaName: parsed.schemaName }),
        policy: policy as PolicyInput,
        budget: { maxInputBytes: service.maxInputBytes },
        signal,
      }),
    );
    if (artifact.status === Status.INVALID_CONTRACT) {
      throw new ProblemError({ status: 422, title: 'Invalid contract', detail: 'The contract cannot be used; every problem is listed with its path.', code: 'INVALID_CONTRACT', problems: contractProblems(artifact) });
    }
    if (artifact.status === Status.INPUT_TOO_LARGE) {
      throw new ProblemError({ status: 413, title: 'Input too large', detail: `The input is ${artifact.input.size} bytes, over the service's limit of ${service.maxInputBytes}.`, code: 'INPUT_TOO_LARGE' });
    }
    request.log.info({ status: artifact.status, fields: artifact.statistics.counters.totalFields, resolved: artifact.statistics.counters.resolvedFields }, 'normalized');
    return reply.type('application/json').send(serializeArtifact(artifact));
  });
}
