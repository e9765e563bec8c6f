/**
 * JSON Schemas of the request and response bodies: Fastify validates requests with them
 * and `@fastify/swagger` turns them into the OpenAPI 3.1 document at `/openapi.json`.
 */
const contract = {
  description: 'The contract: a Dict DSL, JSON Schema or OpenAPI document (object, or JSON/YAML text).',
  anyOf: [{ type: 'object' }, { type: 'string' }],
} as const;

const policy = {
  type: 'object',
  description: 'Policy overrides (confidenceFloor, currencyPolicy, fxRates, …). Inference stays off unless the operator allows it.',
} as const;

export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: 'RFC 9457 problem details.',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    code: { type: 'string', description: 'The typed Paxman error code.' },
    problems: {
      type: 'array',
      items: { type: 'object', properties: { code: { type: 'string' }, path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

const problemResponse = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } } });

export const normalizeSchema = {
  summary: 'Normalize a document against a contract',
  description: 'JSON body, or multipart/form-data with a `file` part and a `contract` part (plus optional `policy` and `schemaName`). Answers with the artifact.',
  body: {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['input', 'contract'],
          additionalProperties: false,
          properties: {
            input: {
              description: 'The document: its text, or its bytes in base64 (PDF, HTML, e-mail, …).',
              oneOf: [
                { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string' } } },
                { type: 'object', required: ['base64'], additionalProperties: false, properties: { base64: { type: 'string' }, filename: { type: 'string' } } },
              ],
            },
            contract,
            schemaName: { type: 'string', description: 'OpenAPI: the component schema to use.' },
            policy,
          },
        },
      },
      'multipart/form-data': {
        schema: { description: 'A `file` part (the document) and a `contract` part (JSON or YAML text); optional `policy` (JSON) and `schemaName` parts.' },
      },
    },
  },
  response: {
    200: { description: 'The artifact (see the ExecutionArtifact of the paxman package).', type: 'object', additionalProperties: true },
    400: problemResponse('Bad request'),
    401: problemResponse('Missing or wrong API key'),
    413: problemResponse('Body or input too large'),
    422: problemResponse('Invalid contract: every problem with its path'),
    503: problemResponse('Saturated (Retry-After) or the run took too long'),
  },
} as const;

export const replaySchema = {
  summary: 'Verify an artifact against its contract',
  body: {
    type: 'object',
    required: ['artifact', 'contract'],
    additionalProperties: false,
    properties: {
      artifact: { description: 'The artifact, as an object or its JSON text.', anyOf: [{ type: 'object' }, { type: 'string' }] },
      contract,
      schemaName: { type: 'string' },
      amendments: { type: 'array', items: { type: 'object' }, description: 'Its chain of review amendments, verified and applied.' },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        ok: { type: 'boolean', const: true },
        replayHash: { type: 'string' },
        status: { type: 'string' },
        review: { type: 'object', additionalProperties: true, description: 'With amendments: data (amended) and amendedFields.' },
      },
    },
    400: problemResponse('Bad request'),
    401: problemResponse('Missing or wrong API key'),
    422: problemResponse('Not verified: hash mismatch, contract mismatch, version, invalid artifact'),
  },
} as const;

export const validateContractSchema = {
  summary: 'Adapt and validate a contract; answers with its canonical summary',
  body: {
    type: 'object',
    required: ['contract'],
    additionalProperties: false,
    properties: { contract, schemaName: { type: 'string' }, format: { type: 'string', enum: ['dict-dsl', 'json-schema', 'openapi'] } },
  },
  response: {
    200: { type: 'object', additionalProperties: true, description: 'id, version, fingerprint and fields (as `paxman contract` prints them).' },
    400: problemResponse('Bad request'),
    401: problemResponse('Missing or wrong API key'),
    422: problemResponse('Invalid contract: every problem with its path'),
  },
} as const;

const box = {
  type: 'object',
  required: ['page', 'x', 'y', 'width', 'height'],
  additionalProperties: false,
  properties: { page: { type: 'integer', minimum: 1 }, x: { type: 'number' }, y: { type: 'number' }, width: { type: 'number', minimum: 0 }, height: { type: 'number', minimum: 0 } },
} as const;

export const amendmentSchema = {
  summary: "A reviewer confirms, corrects or clears a field: the next signed amendment of the artifact's chain",
  body: {
    type: 'object',
    required: ['artifact', 'contract', 'decision'],
    additionalProperties: false,
    properties: {
      artifact: { description: 'The artifact, as an object or its JSON text.', anyOf: [{ type: 'object' }, { type: 'string' }] },
      contract,
      schemaName: { type: 'string' },
      amendments: { type: 'array', items: { type: 'object' }, description: 'The chain so far (the last answer\'s `amendments`); none for the first.' },
      decision: {
        type: 'object',
        required: ['fieldPath', 'action', 'reason'],
        additionalProperties: false,
        properties: {
          fieldPath: { type: 'string', minLength: 1 },
          action: { type: 'string', enum: ['CONFIRM', 'CORRECT', 'CLEAR'] },
          value: { description: 'CORRECT: the value, in the field encoding or as text its type reads.' },
          reason: { type: 'string', minLength: 1 },
          reviewerName: { type: 'string' },
          box,
        },
      },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        ok: { type: 'boolean', const: true },
        amendment: { type: 'object', additionalProperties: true },
        amendments: { type: 'array', items: { type: 'object', additionalProperties: true } },
        review: { type: 'object', additionalProperties: true, description: 'data: the data with the chain applied; amendedFields: each amended field with its reviewer.' },
      },
    },
    400: problemResponse('Bad request'),
    401: problemResponse('Missing or wrong API key'),
    422: problemResponse('Not amended: the artifact or its chain does not verify, or the value is not one the contract allows'),
    501: problemResponse('The service has no reviewer key'),
  },
} as const;

const jobFailure = {
  type: 'object',
  properties: { code: { type: 'string' }, detail: { type: 'string' }, problems: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, path: { type: 'string' }, message: { type: 'string' } } } } },
} as const;

const webhookAttempt = {
  type: 'object',
  properties: { attempt: { type: 'integer' }, at: { type: 'string', format: 'date-time' }, delivered: { type: 'boolean' }, status: { type: 'integer' }, error: { type: 'string' }, permanent: { type: 'boolean' }, ms: { type: 'integer' } },
} as const;

const jobView = {
  type: 'object',
  description: 'A job. `artifact` (the artifact itself) is there when the job is done.',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed', 'cancelled'] },
    createdAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: 'string', format: 'date-time' },
    artifactStatus: { type: 'string' },
    replayHash: { type: 'string' },
    error: jobFailure,
    webhook: { type: 'object', properties: { url: { type: 'string' }, delivered: { type: 'boolean' }, attempts: { type: 'array', items: webhookAttempt } } },
    links: { type: 'object', properties: { self: { type: 'string' }, artifact: { type: 'string' } } },
    artifact: { type: 'object', additionalProperties: true },
  },
} as const;

const jobIdParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

export const createJobSchema = {
  summary: 'Start a normalization job',
  description:
    'The body of `POST /v1/normalize` (JSON, or multipart with a `webhookUrl` part), plus an optional `webhook: { url }` called when the job is over (signed, Standard Webhooks). An `Idempotency-Key` header makes a retried request return the same job for 24 hours. Answers 202 at once; `GET /v1/jobs/{id}` follows the job.',
  headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', maxLength: 255, description: 'The same key within 24 h returns the same job (a different body with it is 422).' } } },
  body: {
    content: {
      'application/json': {
        schema: {
          ...normalizeSchema.body.content['application/json'].schema,
          properties: {
            ...normalizeSchema.body.content['application/json'].schema.properties,
            webhook: { type: 'object', required: ['url'], additionalProperties: false, properties: { url: { type: 'string', description: 'http(s); not a private, loopback or link-local address unless the operator allows its host.' } } },
          },
        },
      },
      'multipart/form-data': { schema: { description: 'As for /v1/normalize, plus an optional `webhookUrl` part.' } },
    },
  },
  response: {
    202: { description: 'Accepted (or, with an Idempotency-Key seen before, the same job).', type: 'object', properties: { id: { type: 'string' }, status: jobView.properties.status, links: jobView.properties.links } },
    400: problemResponse('Bad request; a webhook URL refused (WEBHOOK_URL_REFUSED) or webhooks not configured'),
    401: problemResponse('Missing or wrong API key'),
    413: problemResponse('Body or input too large'),
    422: problemResponse('An Idempotency-Key reused with a different body'),
    503: problemResponse('The in-process queue is full (Retry-After)'),
  },
} as const;

export const getJobSchema = {
  summary: 'A job: its status and, when done, its artifact',
  params: jobIdParams,
  response: { 200: jobView, 401: problemResponse('Missing or wrong API key'), 404: problemResponse('No such job') },
} as const;

export const getJobArtifactSchema = {
  summary: "A done job's artifact",
  params: jobIdParams,
  response: { 200: { description: 'The artifact.', type: 'object', additionalProperties: true }, 401: problemResponse('Missing or wrong API key'), 404: problemResponse('No such job'), 409: problemResponse('The job is not done') },
} as const;

export const cancelJobSchema = {
  summary: 'Cancel a queued job',
  params: jobIdParams,
  response: { 200: jobView, 401: problemResponse('Missing or wrong API key'), 404: problemResponse('No such job'), 409: problemResponse('The job is running or over: not cancelled') },
} as const;

/** The OpenAPI 3.1 `webhooks` entry: what the service POSTs to a job's webhook URL. */
export const jobWebhooks = {
  jobFinished: {
    post: {
      summary: 'A job is over (done or failed)',
      description:
        'Sent at least once per job (retried with exponential backoff until a 2xx answer, up to the documented count). Signed the Standard Webhooks way: `webhook-id` (the same for every try), `webhook-timestamp` (Unix seconds), `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the `whsec_` secret. Verify with `verifyWebhook(secret, headers, rawBody)`.',
      parameters: [
        { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' } },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'id', 'status', 'links'],
              properties: {
                type: { type: 'string', enum: ['job.done', 'job.failed'] },
                id: { type: 'string' },
                status: { type: 'string', enum: ['done', 'failed'] },
                artifactStatus: { type: 'string' },
                replayHash: { type: 'string' },
                error: jobFailure,
                links: { type: 'object', properties: { job: { type: 'string' }, artifact: { type: 'string' } } },
              },
            },
          },
        },
      },
      responses: { '2XX': { description: 'Received; any other answer (or none within the time limit) is retried.' } },
    },
  },
} as const;
