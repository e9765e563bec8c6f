/**
 * What one Paxman instance owns: its registries, its collaborators (clock, logger, id
 * source) and the pipeline stages. Each `createPaxman` call builds a fresh state, so
 * two instances never share anything mutable.
 */
import type { Clock, IdGenerator, JsonValue, Logger } from '@paxman/core';
import type { AdapterRegistry } from '@paxman/contract';
import type { CapabilityRegistry } from '@paxman/capability-spi';
import type { OcrEngine, PdfReader } from '@paxman/document';
import type { InstanceKnowledge } from './instance-knowledge.js';
import type { PipelineStages } from './pipeline-stages.js';
import type { PreparedRuns } from './prepared-run.js';

export interface PaxmanState {
  readonly adapters: AdapterRegistry;
  readonly capabilities: CapabilityRegistry;
  /** Which inference tiers have a configured provider (the planner drops the others). */
  readonly providers: { readonly local: boolean; readonly remote: boolean };
  readonly tables: Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly idGenerator: IdGenerator;
  readonly stages: PipelineStages;
  /** Preparations of recent contracts and settings (cleared when a registry changes). */
  readonly preparedRuns: PreparedRuns;
  /** The instance's OCR workers (none run until an image comes; `close()` stops them). */
  readonly ocr: OcrEngine;
  /** Parses PDFs in a bounded worker, started on the first PDF and stopped by `close()`. */
  readonly pdf: PdfReader;
  /** The knowledge packs the instance reads with, compiled once. */
  readonly knowledge: InstanceKnowledge;
}
