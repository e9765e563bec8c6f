/** `POST /v1/contracts/validate`: the canonical contract summary (`paxman contract`'s output), or 422 with every problem. */
import { contractSummary } from '@paxman/cli';
import type { FastifyInstance } from 'fastify';
import { adaptContract } from 'paxman';
import { validateContractSchema } from '../schemas.js';

export function registerContractRoute(app: FastifyInstance): void {
  app.post('/v1/contracts/validate', { schema: validateContractSchema }, async (request) => {
    const body = request.body as { contract: unknown; schemaName?: string; format?: string };
    const contract = adaptContract(body.contract, { ...(body.format === undefined ? {} : { format: body.format }), ...(body.schemaName === undefined ? {} : { schemaName: body.schemaName }) });
    return contractSummary(contract);
  });
}
