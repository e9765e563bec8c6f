/**
 * Readings of value texts (`readTypedValue`) kept for reuse. A reading depends on the text,
 * the label's currency, the step's way of reading values, the run's recognizer options and
 * the capability's recognizers and layout words — not on the document around the text. So
 * the run keeps one table per way of reading (fields that read alike read each text once
 * between them, ADR 0028), and a prepared plan keeps its runs' tables per way of reading
 * and recognizer options (the documents of a batch print the same labels and values: ADR
 * 0030), up to `PLAN_VALUE_READS_LIMIT` readings; past it, a run keeps its new readings
 * for itself.
 */
import type { ReadValue } from '../shared/read-typed-value.js';

/** Readings by label currency ("" for none), then text. */
type ReadTable = Map<string, Map<string, ReadValue | null>>;

/** The readings a prepared plan keeps, by way of reading, then options, and how many there are. */
export interface PlanValueReads {
  readonly tables: Map<string, Map<string, ReadTable>>;
  size: number;
}

/** How many readings a prepared plan keeps (all its tables together). */
export const PLAN_VALUE_READS_LIMIT = 16384;

/** The readings one step sees: the plan's (when it has a prepared plan), then the run's. */
export interface ValueReads {
  /** The reading of `text` under a label currency ("" for none); undefined when not read yet. */
  get(currency: string, text: string): ReadValue | null | undefined;
  /** Keeps a reading made for `get`'s miss. */
  set(currency: string, text: string, read: ReadValue | null): void;
}

function tableFor(tables: Map<string, ReadTable>, key: string): ReadTable {
  let table = tables.get(key);
  if (table === undefined) {
    table = new Map();
    tables.set(key, table);
  }
  return table;
}

function keep(table: ReadTable, currency: string, text: string, read: ReadValue | null): void {
  let reads = table.get(currency);
  if (reads === undefined) {
    reads = new Map();
    table.set(currency, reads);
  }
  reads.set(text, read);
}

/**
 * The readings for one way of reading (`readingKey`) with the run's recognizer options
 * (`optionsKey`, their JSON): `plan` is the prepared plan's, `run` the run's tables.
 */
export function valueReads(plan: PlanValueReads | undefined, run: Map<string, ReadTable>, readingKey: string, optionsKey: string): ValueReads {
  // Two levels rather than one key string: the reading's key is long, and a joined key would be hashed afresh each run.
  let planTable: ReadTable | undefined;
  if (plan !== undefined) {
    let byOptions = plan.tables.get(readingKey);
    if (byOptions === undefined) {
      byOptions = new Map();
      plan.tables.set(readingKey, byOptions);
    }
    planTable = tableFor(byOptions, optionsKey);
  }
  const runTable = tableFor(run, readingKey);
  return {
    get(currency, text) {
      const read = planTable?.get(currency)?.get(text);
      return read === undefined ? runTable.get(currency)?.get(text) : read;
    },
    set(currency, text, read) {
      if (plan !== undefined && planTable !== undefined && plan.size < PLAN_VALUE_READS_LIMIT) {
        keep(planTable, currency, text, read);
        plan.size += 1;
      } else {
        keep(runTable, currency, text, read);
      }
    },
  };
}
