/**
 * Candidates, evidence and diagnostics: what capabilities report and what the
 * reconciler grades. Capabilities never attach confidence; they describe *how* a value
 * was found (`EvidenceKind`) and on what grounds (`Grounds`), and the reconciler's rubric
 * turns that into a number.
 */
import type { DiagnosticCode } from './diagnostic-codes.js';
import type { Grounds } from './grounds.js';
import type { JsonValue } from './json.js';
import type { CapabilityTier, DiagnosticSeverity } from './vocabulary.js';

/**
 * A half-open range `[start, end)` of UTF-16 code units in a text layer of the input.
 * `layer` names the text it indexes: `input` is the input decoded as UTF-8 (lone
 * surrogates and invalid bytes become U+FFFD), so `inputText.slice(start, end)` is the
 * source text; other layers (`pdf-text`, `mime:<part>`) are derived texts that the
 * Document keeps, with their own map back to the input where one exists.
 */
export interface SourceSpan {
  readonly start: number;
  readonly end: number;
  readonly layer: string;
}

/**
 * A rectangle on a page of the input, in page units (image pixels for a photo or scan,
 * PDF points for a PDF page), x to the right and y downwards from the page's top-left
 * corner; `page` counts from 1. Evidence read by OCR carries one per span and page it
 * covers; evidence read from a PDF's text layer one per span and line of the layer.
 */
export interface PageBox {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * How a piece of evidence was obtained, from strongest to weakest. The reconciler's
 * confidence rubric is keyed by this.
 */
export const EvidenceKind = Object.freeze({
  /**
   * A business term read from structured data the input carries (an e-invoice's XML: the
   * input itself, or a file embedded in a PDF), by a knowledge pack's element path.
   */
  STRUCTURED_DATA: 'STRUCTURED_DATA',
  /**
   * A cell of a record set (a table row, a receipt item line, a JSON array item): one
   * record per cell, `detail.item` / `detail.member` say which; the set's own record
   * (`detail.records`) states how its rows add up.
   */
  RECORD_CELL: 'RECORD_CELL',
  /** A key of structured input: JSON key path, CSV column, e-mail header. */
  STRUCTURED_KEY: 'STRUCTURED_KEY',
  /** A label equal to the field name, a declared label or the description's noun phrase. */
  EXACT_LABEL: 'EXACT_LABEL',
  /** A label from the built-in business lexicon. */
  SYNONYM_LABEL: 'SYNONYM_LABEL',
  /** A label that matched only approximately. */
  FUZZY_LABEL: 'FUZZY_LABEL',
  /** A contract-supplied extraction pattern matched. */
  CONTRACT_PATTERN: 'CONTRACT_PATTERN',
  /** An unlabelled typed recognizer hit (a date, an amount, an IBAN somewhere). */
  RECOGNIZER: 'RECOGNIZER',
  /** A lookup table entry. */
  LOOKUP: 'LOOKUP',
  /** Arithmetic over other fields (fills or checks a value). */
  DERIVED: 'DERIVED',
  /** A constraint or semantic check ran on a candidate. */
  VALIDATION: 'VALIDATION',
  /** A model answer that passed the inference validation boundary. */
  INFERENCE: 'INFERENCE',
} as const);
export type EvidenceKind = (typeof EvidenceKind)[keyof typeof EvidenceKind];

/** Whether an evidence record supports or contradicts a candidate value. */
export type EvidenceVerdict = 'SUPPORTS' | 'CONTRADICTS' | 'NEUTRAL';

export interface Evidence {
  /** Deterministic id (see `evidenceId`), unique within a run. */
  readonly id: string;
  /** `id@version` of the capability that produced it. */
  readonly capability: string;
  readonly fieldPath: string;
  readonly kind: EvidenceKind;
  /** Where in the input it was found; empty for derived or lookup evidence with no source text. */
  readonly spans: readonly SourceSpan[];
  /**
   * Where on the page the spans were read (absent for inputs without pages): for text
   * read by OCR one box per span and page, enclosing the span's words; for text of a
   * PDF's text layer one box per span and line, enclosing its characters.
   */
  readonly boxes?: readonly PageBox[];
  /** The source text of the primary span, exactly as sliced. */
  readonly text?: string;
  /** The label matched in the document, when one was. */
  readonly label?: string;
  /** The pattern (contract regex or recognizer id) that matched, when one did. */
  readonly pattern?: string;
  readonly verdict?: EvidenceVerdict;
  /**
   * Why the evidence supports its value, in the public vocabulary the reconciler's rubric
   * is keyed by (ADR 0023): one finding ground (label, layout role, clause, recognizer,
   * model quote …) and any reading grounds (OCR quality, ambiguity, currency source).
   * Evidence without grounds is graded by its `kind` alone, at that kind's plainest grade.
   */
  readonly grounds?: readonly Grounds[];
  /**
   * A capability's own further facts (`{ relation: 'total = subtotal + tax' }`, model id and
   * I/O hashes): an escape hatch for people and tools reading the artifact. The rubric never
   * reads it; what should change a grade is stated as `grounds`.
   */
  readonly detail?: Readonly<Record<string, JsonValue>>;
}

/**
 * A value a capability proposes for a field. `value` is already in the field's JSON
 * encoding when the capability could parse it (MONEY `{amount, currency}` with a null
 * currency when the document did not say, DECIMAL as a string, DATE `YYYY-MM-DD`);
 * `raw` is the text it came from. `evidenceIds` point into the same result's evidence.
 */
export interface Candidate {
  readonly fieldPath: string;
  readonly value: JsonValue;
  readonly raw: string;
  readonly capability: string;
  readonly tier: CapabilityTier;
  readonly evidenceIds: readonly string[];
}

/** The stage of the pipeline that emitted a diagnostic. */
export type DiagnosticStage = 'contract' | 'profile' | 'plan' | 'execution' | 'capability' | 'reconcile' | 'artifact' | 'inference';

export interface Diagnostic {
  /** What happened (`DIAGNOSTIC_CODES`, an error code, or a capability's own `id.CODE`). */
  readonly code: DiagnosticCode;
  readonly severity: DiagnosticSeverity;
  readonly stage: DiagnosticStage;
  readonly message: string;
  readonly fieldPath?: string;
  readonly capability?: string;
  readonly context?: Readonly<Record<string, JsonValue>>;
}

const STAGE_ORDER: readonly DiagnosticStage[] = ['contract', 'profile', 'plan', 'execution', 'capability', 'inference', 'reconcile', 'artifact'];

/**
 * Total order for diagnostics, so artifacts list them deterministically: stage, field
 * path, code, capability, message.
 */
export function compareDiagnostics(left: Diagnostic, right: Diagnostic): number {
  return (
    STAGE_ORDER.indexOf(left.stage) - STAGE_ORDER.indexOf(right.stage) ||
    compareStrings(left.fieldPath ?? '', right.fieldPath ?? '') ||
    compareStrings(left.code, right.code) ||
    compareStrings(left.capability ?? '', right.capability ?? '') ||
    compareStrings(left.message, right.message)
  );
}

/** Code-unit string comparison (locale-independent, as canonical JSON sorts keys). */
export function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
