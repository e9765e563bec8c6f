/**
 * The `paxman-http` command: parses the arguments, starts the server and shuts it down
 * gracefully on SIGTERM/SIGINT (readiness off, in-flight requests finished, then exit).
 * With `--workers N` the primary process forks N server processes that share the port
 * (node:cluster) and passes the signal on to them. `paxman-http worker …` runs jobs from
 * a BullMQ queue instead (see worker.ts).
 */
import cluster from 'node:cluster';
import { buildServer } from './server.js';
import { USAGE, UsageError, parseServerArguments } from './server-options.js';
import { startWorker } from './worker.js';

async function runWorker(options: ReturnType<typeof parseServerArguments>): Promise<number> {
  let worker;
  try {
    worker = await startWorker(options);
  } catch (error) {
    process.stderr.write(`paxman-http worker: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  process.stderr.write(`paxman-http worker: running jobs from ${options.queue} (store ${options.jobStore})\n`);
  const stop = () =>
    void worker.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return 0;
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const isWorker = argv[0] === 'worker';
  let options;
  try {
    options = parseServerArguments(isWorker ? argv.slice(1) : argv);
    if (isWorker) return await runWorker(options);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`paxman-http: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  if (options.workers > 1 && cluster.isPrimary) {
    const workers = Array.from({ length: options.workers }, () => cluster.fork());
    let exited = 0;
    cluster.on('exit', () => {
      exited += 1;
      if (exited === workers.length) process.exit(0);
    });
    const stop = () => {
      for (const worker of workers) worker.process.kill('SIGTERM');
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    process.stderr.write(`paxman-http: ${options.workers} server processes on http://${options.host}:${options.port}\n`);
    return 0;
  }
  let server;
  try {
    server = await buildServer(options);
  } catch (error) {
    // A plug-in that does not load, an unset key variable: the operator's mistake, said in one line.
    process.stderr.write(`paxman-http: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const address = await server.app.listen({ port: options.port, host: options.host });
  server.app.log.info({ address }, 'paxman-http listening');
  const stop = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    server.shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return 0;
}
