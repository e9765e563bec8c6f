/**
 * The allowed dependencies between workspace packages (ARCHITECTURE §2), as data. The
 * layer check and its tests read this table; change the architecture, then this file,
 * and record the change as an ADR.
 */
export const LAYER_RULES = Object.freeze({
  '@paxman/core': [],
  '@paxman/contract': ['@paxman/core'],
  '@paxman/input-profile': ['@paxman/core'],
  '@paxman/knowledge': ['@paxman/core'],
  '@paxman/values': ['@paxman/core', '@paxman/knowledge'],
  '@paxman/document': ['@paxman/core', '@paxman/input-profile', '@paxman/values', '@paxman/knowledge'],
  '@paxman/reading': ['@paxman/core', '@paxman/values', '@paxman/document', '@paxman/knowledge'],
  '@paxman/capability-spi': ['@paxman/core', '@paxman/contract', '@paxman/document'],
  '@paxman/capabilities': ['@paxman/core', '@paxman/contract', '@paxman/values', '@paxman/knowledge', '@paxman/document', '@paxman/reading', '@paxman/capability-spi'],
  '@paxman/inference': ['@paxman/core', '@paxman/contract', '@paxman/values', '@paxman/knowledge', '@paxman/document', '@paxman/capability-spi'],
  '@paxman/planner': ['@paxman/core', '@paxman/contract', '@paxman/input-profile', '@paxman/capability-spi'],
  '@paxman/executor': ['@paxman/core', '@paxman/contract', '@paxman/planner', '@paxman/capability-spi', '@paxman/document'],
  '@paxman/reconciler': ['@paxman/core', '@paxman/contract', '@paxman/values', '@paxman/knowledge'],
  '@paxman/artifact': ['@paxman/core', '@paxman/contract', '@paxman/planner', '@paxman/reconciler'],
  paxman: [
    '@paxman/core',
    '@paxman/contract',
    '@paxman/input-profile',
    '@paxman/values',
    '@paxman/knowledge',
    '@paxman/document',
    '@paxman/reading',
    '@paxman/capability-spi',
    '@paxman/capabilities',
    '@paxman/inference',
    '@paxman/planner',
    '@paxman/executor',
    '@paxman/reconciler',
    '@paxman/artifact',
  ],
  '@paxman/cli': ['paxman', '@paxman/inference'],
});

/** Private packages that test or drive everything; they may use any workspace package. */
export const UNRESTRICTED = Object.freeze(['@paxman/integration-tests', '@paxman/tooling', '@paxman/bench', '@paxman/eval']);

/** Apps may use only the facade, the CLI, inference and the inspector's static files (an app). */
export const APP_ALLOWED = Object.freeze(['paxman', '@paxman/cli', '@paxman/inference', '@paxman/inspector']);
