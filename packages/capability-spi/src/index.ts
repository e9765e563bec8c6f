/**
 * @paxman/capability-spi — what a capability is: its `CapabilitySpec` (id, semver
 * version, tier, accepted types, cost hint, the SPI's `specificationVersion`), what it
 * receives (`CapabilityContext`) and returns (`CapabilityResult`), and the per-instance
 * registry. Depends on the Document's types only; no capability lives here.
 */
export {
  type Capability,
  type CapabilityContext,
  type CapabilityResult,
  type CapabilitySpec,
  type CapabilityRegistry,
  type CapabilityUsage,
  type StepAllowance,
  type EvidenceBacking,
  type CostHint,
  type StepConfiguration,
  type ResolvedFieldValue,
  CAPABILITY_SPECIFICATION_VERSION,
  capabilityKey,
  EMPTY_RESULT,
} from './spi.js';
export { createCapabilityRegistry, validateCapability } from './registry.js';
export { createRunMemo, memoKey, type MemoKey, type RunMemo } from './run-memo.js';
