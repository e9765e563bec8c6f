/** @paxman/mcp-server — Paxman as a Model Context Protocol server (`createMcpServer`, `paxman-mcp`). */
export { createMcpServer } from './tools.js';
export { parseMcpArguments, USAGE, UsageError, type McpServerOptions } from './server-options.js';
