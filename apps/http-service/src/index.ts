/**
 * @paxman/http-service — Paxman over HTTP: `buildServer(options)` gives the Fastify
 * application; `paxman-http` (bin/) starts it from the command line.
 */
export { buildServer, type PaxmanServer } from './server.js';
export { parseServerArguments, DEFAULT_OPTIONS, USAGE, UsageError, type ServerOptions } from './server-options.js';
