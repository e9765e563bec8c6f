/**
 * The `paxman-mcp` command: MCP over stdio (or Streamable HTTP on 127.0.0.1 with `--http`).
 * Logs go to stderr; stdout belongs to the protocol.
 */
import { createServer } from 'node:http';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { openAICompatible } from '@paxman/inference';
import { createPaxman, loadPlugins, type Paxman } from 'paxman';
import { USAGE, UsageError, parseMcpArguments, type McpServerOptions } from './server-options.js';
import { createMcpServer, createServerJobs } from './tools.js';

async function paxmanFor(options: McpServerOptions): Promise<Paxman> {
  const plugins = await loadPlugins(options.plugins ?? []);
  if (options.provider === undefined) return createPaxman(plugins);
  const provider = openAICompatible({ baseUrl: options.provider.baseUrl, model: options.provider.model, ...(options.provider.apiKeyEnv === undefined ? {} : { apiKeyEnv: options.provider.apiKeyEnv }) });
  return createPaxman({ ...plugins, providers: { [options.provider.tier]: provider } });
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  let options: McpServerOptions;
  try {
    options = parseMcpArguments(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`paxman-mcp: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  let paxman: Paxman;
  try {
    paxman = await paxmanFor(options);
  } catch (error) {
    process.stderr.write(`paxman-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  // One registry of started normalizations for the process: servers made per request share it.
  const jobs = createServerJobs();
  if (options.http === undefined) {
    await createMcpServer(paxman, options, jobs).connect(new StdioServerTransport());
    return 0;
  }
  // Streamable HTTP, stateless: a fresh server and transport per request.
  const http = createServer(async (request, response) => {
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    const server = createMcpServer(paxman, options, jobs);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(options.http!.port, '127.0.0.1', resolve));
  const address = http.address();
  process.stderr.write(`paxman-mcp: Streamable HTTP on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : options.http.port}/mcp\n`);
  return 0;
}
