/**
 * `POST /v1/normalize`: a JSON body (`input.text` or `input.base64`) or multipart form
 * data (`file`, `contract`, optional `policy` and `schemaName`) → the artifact. An invalid
 * contract is 422 with every problem and its path; an input over the limit 413.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ExecutionArtifact, type Paxman, type PolicyInput, Status, serializeArtifact } from 'paxman';
import { ProblemError } from '../problem.js';
import { normalizeSchema } from '../schemas.js';
import type { RunService } from '../run-service.js';

interface NormalizeRequest {
  readonly input: Uint8Array | string;
  readonly contract: unknown;
  readonly schemaName?: string;
  readonly policy?: unknown;
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

function bad(detail: string): ProblemError {
  return new ProblemError({ status: 400, title: 'Bad request', detail, code: 'INVALID_INPUT' });
}

function fromJson(body: { input: { text?: string; base64?: string }; contract: unknown; schemaName?: string; policy?: unknown }): NormalizeRequest {
  let input: Uint8Array | string;
  if (typeof body.input.text === 'string') input = body.input.text;
  else {
    const base64 = body.input.base64 ?? '';
    if (!BASE64.test(base64)) throw bad('input.base64 is not base64 text.');
    input = new Uint8Array(Buffer.from(base64, 'base64'));
  }
  return { input, contract: body.contract, ...(body.schemaName === undefined ? {} : { schemaName: body.schemaName }), ...(body.policy === undefined ? {} : { policy: body.policy }) };
}

async function fromMultipart(request: FastifyRequest): Promise<NormalizeRequest> {
  let input: Uint8Array | undefined;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw bad(`Unexpected file part "${part.fieldname}": send the document as "file".`);
      input = new Uint8Array(await part.toBuffer());
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (input === undefined) throw bad('The form has no "file" part.');
  if (fields['contract'] === undefined) throw bad('The form has no "contract" part.');
  let policy: unknown;
  if (fields['policy'] !== undefined) {
    try {
      policy = JSON.parse(fields['policy']);
    } catch {
      throw bad('The "policy" part is not JSON.');
    }
  }
  return { input, contract: fields['contract'], ...(fields['schemaName'] === undefined ? {} : { schemaName: fields['schemaName'] }), ...(policy === undefined ? {} : { policy }) };
}

/** The contract problems an INVALID_CONTRACT artifact records (code, path, message). */
function contractProblems(artifact: ExecutionArtifact): { code: string; path: string; message: string }[] {
  return artifact.diagnostics
    .filter((diagnostic) => diagnostic.stage === 'contract')
    .map((diagnostic) => ({ code: diagnostic.code, path: typeof diagnostic.context?.['path'] === 'string' ? diagnostic.context['path'] : '', message: diagnostic.message }));
}

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
