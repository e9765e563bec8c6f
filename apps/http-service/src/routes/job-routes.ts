/**
 * The job routes: `POST /v1/jobs` accepts a normalization (the body of `/v1/normalize`,
 * plus an optional `webhook`) and answers 202 at once; `GET /v1/jobs/:id` reports it (the
 * artifact inline when done); `GET /v1/jobs/:id/artifact` is the artifact alone;
 * `DELETE /v1/jobs/:id` cancels a queued job. An `Idempotency-Key` returns the same job for
 * 24 hours. A webhook URL is checked when the job is accepted (private, loopback and
 * link-local addresses refused unless allowed) and again when it is called.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { JobQueueFullError } from '../jobs/job-queue.js';
import type { JobService } from '../jobs/job-service.js';
import { newJobId } from '../jobs/job-store.js';
import type { JobRequest, JobView } from '../jobs/job-types.js';
import { jobLinks } from '../jobs/run-job.js';
import { WebhookUrlError } from '../jobs/webhook-target.js';
import { fromJson, fromMultipart } from '../normalize-request.js';
import { ProblemError } from '../problem.js';
import type { RunService } from '../run-service.js';
import { cancelJobSchema, createJobSchema, getJobArtifactSchema, getJobSchema } from '../schemas.js';

function notFound(id: string): ProblemError {
  return new ProblemError({ status: 404, title: 'Not found', detail: `No job ${id}.`, code: 'JOB_NOT_FOUND' });
}

/** The fingerprint of a request: a reused Idempotency-Key must come with the same one. */
function fingerprintOf(request: Omit<JobRequest, 'id' | 'createdAt'>, input: Uint8Array): string {
  return createHash('sha256').update(JSON.stringify([request.contract, request.schemaName ?? null, request.policy, request.webhook?.url ?? null, request.inputKind])).update('\u0000').update(input).digest('hex');
}

function sendView(reply: FastifyReply, view: JobView, artifact: string | null): FastifyReply {
  const text = JSON.stringify(view);
  // The artifact's text goes in as it is stored (its canonical JSON), not parsed and re-serialized.
  return reply.type('application/json').send(artifact === null ? text : `${text.slice(0, -1)},"artifact":${artifact}}`);
}

export function registerJobRoutes(app: FastifyInstance, jobs: JobService, service: RunService): void {
  const { store } = jobs.context;

  app.post('/v1/jobs', { schema: createJobSchema }, async (request, reply) => {
    const parsed = request.isMultipart() ? await fromMultipart(request) : fromJson(request.body as Parameters<typeof fromJson>[0]);
    const policy = service.allowedPolicy(parsed.policy);
    if (parsed.webhookUrl !== undefined) {
      const settings = jobs.context.webhooks;
      if (settings === null) throw new ProblemError({ status: 400, title: 'Bad request', detail: 'This service sends no webhooks: it was started without --webhook-secret-env.', code: 'WEBHOOKS_NOT_CONFIGURED' });
      try {
        await settings.policy.check(parsed.webhookUrl);
      } catch (error) {
        if (error instanceof WebhookUrlError) throw new ProblemError({ status: 400, title: 'Webhook URL refused', detail: error.message, code: error.code });
        throw error;
      }
    }
    const input = typeof parsed.input === 'string' ? new TextEncoder().encode(parsed.input) : parsed.input;
    if (input.byteLength > service.maxInputBytes) throw new ProblemError({ status: 413, title: 'Input too large', detail: `The input is ${input.byteLength} bytes, over the service's limit of ${service.maxInputBytes}.`, code: 'INPUT_TOO_LARGE' });
    const fields: Omit<JobRequest, 'id' | 'createdAt'> = {
      contract: parsed.contract,
      ...(parsed.schemaName === undefined ? {} : { schemaName: parsed.schemaName }),
      policy,
      inputKind: typeof parsed.input === 'string' ? 'text' : 'bytes',
      ...(parsed.webhookUrl === undefined ? {} : { webhook: { url: parsed.webhookUrl } }),
    };
    const id = newJobId();
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string') {
      const fingerprint = fingerprintOf(fields, input);
      const earlier = await jobs.queue.keys.claim(key, { id, fingerprint });
      if (earlier !== null) {
        if (earlier.fingerprint !== fingerprint) throw new ProblemError({ status: 422, title: 'Idempotency-Key reused', detail: 'This Idempotency-Key was used within 24 hours for a different request.', code: 'IDEMPOTENCY_KEY_REUSED' });
        // The earlier request may still be saving its job: it is queued until it says otherwise.
        const view = await jobs.view(earlier.id);
        reply.header('idempotent-replayed', 'true').header('location', `/v1/jobs/${earlier.id}`);
        return reply.code(202).send({ id: earlier.id, status: view?.status ?? 'queued', links: view?.links ?? { self: jobLinks(earlier.id, undefined).job } });
      }
    }
    try {
      await store.create({ id, createdAt: new Date().toISOString(), ...fields }, input);
      await jobs.queue.submit({ id });
    } catch (error) {
      await store.remove(id).catch(() => undefined);
      if (typeof key === 'string') await jobs.queue.keys.release(key, id).catch(() => undefined);
      if (error instanceof JobQueueFullError) {
        reply.header('retry-after', '1');
        throw new ProblemError({ status: 503, title: 'Busy', detail: error.message, code: error.code });
      }
      throw error;
    }
    request.log.info({ job: id, webhook: fields.webhook !== undefined }, 'job queued');
    return reply.code(202).header('location', `/v1/jobs/${id}`).send({ id, status: 'queued', links: { self: jobLinks(id, undefined).job } });
  });

  app.get('/v1/jobs/:id', { schema: getJobSchema }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const view = await jobs.view(id);
    if (view === null) throw notFound(id);
    return sendView(reply, view, view.status === 'done' ? await store.artifact(id) : null);
  });

  app.get('/v1/jobs/:id/artifact', { schema: getJobArtifactSchema }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const view = await jobs.view(id);
    if (view === null) throw notFound(id);
    const artifact = view.status === 'done' ? await store.artifact(id) : null;
    if (artifact === null) throw new ProblemError({ status: 409, title: 'Not done', detail: `Job ${id} is ${view.status}; it has no artifact.`, code: 'JOB_NOT_DONE' });
    return reply.type('application/json').send(artifact);
  });

  app.delete('/v1/jobs/:id', { schema: cancelJobSchema }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const view = await jobs.view(id);
    if (view === null) throw notFound(id);
    if (view.status === 'cancelled') return sendView(reply, view, null);
    if (view.status !== 'queued' || !(await jobs.queue.cancel(id))) {
      throw new ProblemError({ status: 409, title: 'Not cancelled', detail: `Job ${id} is ${view.status === 'queued' ? 'running' : view.status}; only a queued job can be cancelled.`, code: 'JOB_NOT_CANCELLABLE' });
    }
    await store.markCancelled(id);
    return sendView(reply, (await jobs.view(id))!, null);
  });
}
