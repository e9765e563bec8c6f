/**
 * The adapter SPI: how an external schema format becomes a `CanonicalContract` and back.
 * Adapters never throw on the first problem: `adapt` collects every problem it finds
 * and throws one `InvalidContractError` whose `context.problems` lists them all
 * (`ContractProblem[]`), and the validator runs on whatever it produced.
 */
import type { CanonicalContract } from './model.js';

/** One thing wrong with a contract: a code from core's `ErrorCode`, the offending node's path, and why. */
export interface ContractProblem {
  readonly code: string;
  /** JSON-pointer-like path into the source (`fields[2].constraints[0]`, `#/$defs/Address/properties/zip`) or a field path. */
  readonly path: string;
  readonly message: string;
}

export interface AdaptOptions {
  /** OpenAPI: the component schema to use (default: the first). */
  readonly schemaName?: string;
}

export interface ContractAdapter {
  /** `dict-dsl`, `json-schema`, `openapi`, `zod`, or a custom id. */
  readonly format: string;
  /** True when `source` (already parsed from JSON/YAML if it was text) looks like this format. Never throws. */
  detect(source: unknown): boolean;
  /** Adapts and validates; throws `InvalidContractError` with `context.problems` listing every problem. */
  adapt(source: unknown, options?: AdaptOptions): CanonicalContract;
  /** The contract in this adapter's format (a plain JSON value, or a schema object for Zod). */
  export(contract: CanonicalContract): unknown;
}
