/**
 * Reading a normalization request, shared by `POST /v1/normalize` and `POST /v1/jobs`: a
 * JSON body (`input.text` or `input.base64`) or multipart form data (`file`, `contract`,
 * optional `policy`, `schemaName` and, for a job, `webhookUrl`), and the contract problems
 * an `INVALID_CONTRACT` artifact records.
 */
import type { FastifyRequest } from 'fastify';
import type { ExecutionArtifact } from 'paxman';
import { ProblemError } from './problem.js';

/** A request to normalize, whichever way it was sent. */
export interface NormalizeRequest {
  readonly input: Uint8Array | string;
  readonly contract: unknown;
  readonly schemaName?: string;
  readonly policy?: unknown;
  /** A job's webhook URL (the JSON body's `webhook.url`, the form's `webhookUrl` part). */
  readonly webhookUrl?: string;
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

export function bad(detail: string): ProblemError {
  return new ProblemError({ status: 400, title: 'Bad request', detail, code: 'INVALID_INPUT' });
}

/** The JSON body's request. */
export function fromJson(body: { input: { text?: string; base64?: string }; contract: unknown; schemaName?: string; policy?: unknown; webhook?: { url?: string } }): NormalizeRequest {
  let input: Uint8Array | string;
  if (typeof body.input.text === 'string') input = body.input.text;
  else {
    const base64 = body.input.base64 ?? '';
    if (!BASE64.test(base64)) throw bad('input.base64 is not base64 text.');
    input = new Uint8Array(Buffer.from(base64, 'base64'));
  }
  return { input, contract: body.contract, ...(body.schemaName === undefined ? {} : { schemaName: body.schemaName }), ...(body.policy === undefined ? {} : { policy: body.policy }), ...(body.webhook?.url === undefined ? {} : { webhookUrl: body.webhook.url }) };
}

/** The multipart form's request. */
export async function fromMultipart(request: FastifyRequest): Promise<NormalizeRequest> {
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
  return { input, contract: fields['contract'], ...(fields['schemaName'] === undefined ? {} : { schemaName: fields['schemaName'] }), ...(policy === undefined ? {} : { policy }), ...(fields['webhookUrl'] === undefined ? {} : { webhookUrl: fields['webhookUrl'] }) };
}

/** The contract problems an INVALID_CONTRACT artifact records (code, path, message). */
export function contractProblems(artifact: ExecutionArtifact): { code: string; path: string; message: string }[] {
  return artifact.diagnostics
    .filter((diagnostic) => diagnostic.stage === 'contract')
    .map((diagnostic) => ({ code: diagnostic.code, path: typeof diagnostic.context?.['path'] === 'string' ? diagnostic.context['path'] : '', message: diagnostic.message }));
}

