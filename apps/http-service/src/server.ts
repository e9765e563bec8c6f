/**
 * `buildServer(options)`: the Fastify 5 application — routes, OpenAPI 3.1 (`/openapi.json`,
 * `/docs`), health checks, bearer auth, body limit, bounded concurrency and a time limit
 * per run, RFC 9457 errors, the inspector at `/inspector/`, and structured logs (pino,
 * with request ids and timings; the authorization header redacted, bodies never logged).
 * Everything it holds belongs to the returned instance.
 */
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openAICompatible } from '@paxman/inference';
import { INSPECTOR_ROOT, PDFJS_BUILD_ROOT } from '@paxman/inspector';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type Paxman, PAXMAN_VERSION, createPaxman, loadPlugins } from 'paxman';
import { bearerChecker } from './auth.js';
import { paxmanCode, problemsOf } from './paxman-errors.js';
import { ProblemError, sendProblem, statusOfError } from './problem.js';
import { registerContractRoute } from './routes/contract-route.js';
import { type JobService, createJobService } from './jobs/job-service.js';
import { registerExampleRoute } from './routes/example-route.js';
import { registerJobRoutes } from './routes/job-routes.js';
import { registerNormalizeRoute } from './routes/normalize-route.js';
import { registerReplayRoute } from './routes/replay-route.js';
import { registerAmendmentRoute } from './routes/amendment-route.js';
import { registerReviewRoute } from './routes/review-route.js';
import { createRunService } from './run-service.js';
import { jobWebhooks, problemSchema } from './schemas.js';
import { DEFAULT_OPTIONS, type ServerOptions } from './server-options.js';

/** Routes anyone may call, with auth on: health checks and the inspector's static files. */
const PUBLIC_PATHS = [/^\/healthz$/, /^\/readyz$/, /^\/inspector(\/|$)/];

export interface PaxmanServer {
  readonly app: FastifyInstance;
  /** The jobs of `POST /v1/jobs`: their store, queue and workers. */
  readonly jobs: JobService;
  /** Marks the service not ready, then closes it once in-flight requests have finished. */
  shutdown(): Promise<void>;
}

/** The Paxman instance of a service or worker: plug-ins and the operator's model provider. */
export async function paxmanFor(options: ServerOptions): Promise<Paxman> {
  const plugins = await loadPlugins(options.plugins ?? []);
  if (options.provider === undefined) return createPaxman(plugins);
  const provider = openAICompatible({ baseUrl: options.provider.baseUrl, model: options.provider.model, ...(options.provider.apiKeyEnv === undefined ? {} : { apiKeyEnv: options.provider.apiKeyEnv }) });
  return createPaxman({ ...plugins, providers: { [options.provider.tier]: provider } });
}

export async function buildServer(given: Partial<ServerOptions> = {}, environment: NodeJS.ProcessEnv = process.env): Promise<PaxmanServer> {
  const options: ServerOptions = { ...DEFAULT_OPTIONS, ...given };
  const logger: FastifyServerOptions['logger'] = { level: options.logLevel, redact: ['req.headers.authorization'] };
  const app = Fastify({ logger, bodyLimit: options.maxBodyBytes, requestIdHeader: 'x-request-id', return503OnClosing: true, forceCloseConnections: 'idle' });
  const paxman = await paxmanFor(options);
  const service = createRunService(options);
  let closing = false;

  let checkKey: ((authorization: string | undefined) => boolean) | null = null;
  if (options.apiKeyEnv !== undefined) {
    const key = environment[options.apiKeyEnv];
    if (key === undefined || key === '') throw new Error(`--api-key-env ${options.apiKeyEnv}: the environment variable is not set.`);
    checkKey = bearerChecker(key);
  }
  let reviewerKey: string | null = null;
  if (options.reviewerKeyEnv !== undefined) {
    reviewerKey = environment[options.reviewerKeyEnv] ?? null;
    if (reviewerKey === null || reviewerKey.trim() === '') throw new Error(`--reviewer-key-env ${options.reviewerKeyEnv}: the environment variable is not set.`);
  }
  const jobs = await createJobService(options, paxman, environment);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Paxman HTTP service', version: PAXMAN_VERSION, description: 'Normalize documents into evidence-backed artifacts that conform to your contract.' },
      components: options.apiKeyEnv === undefined ? {} : { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      ...(options.apiKeyEnv === undefined ? {} : { security: [{ bearer: [] }] }),
      // The schema is a deeply readonly literal; swagger's types want mutable OpenAPI objects.
      webhooks: structuredClone(jobWebhooks) as never,
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(multipart, { limits: { fileSize: options.maxBodyBytes, files: 1, fields: 8, fieldSize: options.maxBodyBytes } });
  await app.register(fastifyStatic, { root: INSPECTOR_ROOT, prefix: '/inspector/', decorateReply: false });
  // pdf.js's browser build, for the inspector's page view of PDFs.
  await app.register(fastifyStatic, { root: PDFJS_BUILD_ROOT, prefix: '/inspector/vendor/pdfjs/', decorateReply: false, allowedPath: (path) => /^\/pdf(\.worker)?\.min\.mjs$/.test(path) });
  app.addSchema(problemSchema);

  app.addHook('onRequest', async (request, reply) => {
    if (checkKey === null || PUBLIC_PATHS.some((pattern) => pattern.test(request.url.split('?')[0]!))) return;
    if (!checkKey(request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer');
      return sendProblem(reply, { status: 401, title: 'Unauthorized', detail: 'Send "Authorization: Bearer <key>".', code: 'UNAUTHORIZED' }, request.url);
    }
  });

  // While shutting down, every response closes its connection: keep-alive sockets of the
  // requests that were in flight must not hold the server open.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  app.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof ProblemError) {
      if (error.problem.status === 503) reply.header('retry-after', '1');
      return sendProblem(reply, error.problem, request.url);
    }
    const code = paxmanCode(error);
    if (code !== null) {
      const status = statusOfError(error.name, code);
      if (status === 503) reply.header('retry-after', '1');
      const problems = problemsOf(error);
      return sendProblem(reply, { status, title: status === 400 ? 'Bad request' : 'Unprocessable', detail: error.message, code, ...(problems === undefined ? {} : { problems }) }, request.url);
    }
    const fastifyError = error as { statusCode?: number; code?: string; validation?: unknown };
    if (fastifyError.validation !== undefined) return sendProblem(reply, { status: 400, title: 'Bad request', detail: error.message, code: 'INVALID_REQUEST' }, request.url);
    if (fastifyError.statusCode === 413 || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendProblem(reply, { status: 413, title: 'Payload too large', detail: `The body is over ${options.maxBodyBytes} bytes.`, code: 'PAYLOAD_TOO_LARGE' }, request.url);
    }
    if (fastifyError.statusCode !== undefined && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return sendProblem(reply, { status: fastifyError.statusCode, title: 'Bad request', detail: error.message, code: fastifyError.code ?? 'BAD_REQUEST' }, request.url);
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, { status: 500, title: 'Internal error', detail: 'The request failed; see the service log with this request id.', code: 'INTERNAL_ERROR' }, request.url);
  });

  app.get('/healthz', { schema: { summary: 'Liveness' } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { summary: 'Readiness: false while shutting down or saturated' } }, async (_request, reply) => {
    const ready = !closing && service.limits.active < options.concurrency;
    return reply.code(ready ? 200 : 503).send({ ready, active: service.limits.active, concurrency: options.concurrency });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/inspector', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/inspector/'));
  registerNormalizeRoute(app, paxman, service);
  registerReplayRoute(app, paxman, service);
  registerAmendmentRoute(app, paxman, service, reviewerKey);
  registerReviewRoute(app, paxman, service, options.reviewFolder ?? null);
  registerContractRoute(app);
  registerExampleRoute(app);
  registerJobRoutes(app, jobs, service);

  return {
    app,
    jobs,
    async shutdown() {
      closing = true;
      await app.close();
      await jobs.close();
    },
  };
}
