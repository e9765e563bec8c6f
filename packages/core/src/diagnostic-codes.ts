/**
 * Every diagnostic code the pipeline writes into an artifact, by the stage that writes it,
 * as one union (`DiagnosticCode`). A diagnostic may also carry an error code (a stage that
 * failed with a `PaxmanError` records its code), and a capability from outside Paxman
 * writes its own codes namespaced by its id (`iban_check.CHECKSUM_FAILED`). A code is part
 * of the public contract: renaming one is a breaking change. `ERROR_CODES` lists the error
 * codes; `DIAGNOSTIC_CODES` these.
 */
import type { ErrorCode } from './errors/error-codes.js';

export const DIAGNOSTIC_CODES = {
  contract: [
    'FORMAT_ANNOTATION', // a schema `format` without a meaning here, kept as an annotation (INFO)
  ],
  plan: [
    'POLICY_EXCLUDES_TIER', // an inference tier the policy turns off
    'BUDGET_EXCLUDES_TIER', // a tier the budget leaves no room for
    'NO_PROVIDER', // an inference tier without a configured provider
    'EMPTY_INPUT', // every field short-circuited: the input is empty
    'INPUT_TOO_LARGE', // the input is above budget.maxInputBytes
    'NO_CAPABILITY', // no registered capability accepts the field's type
    'CAPABILITY_CONFIGURE_FAILED', // a capability's configure threw for a field
    'INVALID_CAPABILITY_SPEC', // a registered capability's spec is unusable
    'DEPENDENCY_CYCLE', // derived fields depend on each other in a cycle
  ],
  execution: [
    'BUDGET_EXCLUDES', // a step skipped: the budget is spent
    'CAPABILITY_ERROR', // a capability threw
    'CAPABILITY_NOT_FOUND', // the plan names a capability the instance does not have
    'INVALID_CAPABILITY_RESULT', // a capability returned something else than a result
    'CANDIDATE_FIELD_MISMATCH', // a candidate for another field, dropped
    'EARLY_STOP', // a field met its target; later steps skipped
    'SCORER_ERROR', // the early-stop scorer failed; the whole chain ran
    'ABORTED', // the run was cancelled
    'DEADLINE_EXCEEDED', // a model call cut off by the run's wall-clock deadline
  ],
  document: [
    'DOCUMENT_WARNING', // what a reader noticed: a limit hit, pages dropped, another encoding, binary input
    'INPUT_PARTIALLY_SEARCHED', // a huge input searched in its head only
    'OCR_PAGE_TIMEOUT', // a page took longer to read than the policy allows
    'OCR_PAGE_FAILED', // a page could not be read
    'XML_REFUSED', // an XML input or embedded file not read: entities declared, a limit hit, not well-formed
  ],
  capability: [
    'CSV_COLUMN_VARIES', // a CSV column whose rows disagree
    'CURRENCY_MISMATCH', // operands in different currencies
    'INSTRUCTION_TEXT_IGNORED', // a line that reads like an instruction, not used
    'LOOKUP_TABLE_MISSING', // a lookup names a table the instance does not have
    'LOOKUP_VALUE_TYPE', // a table value that does not read as the field type
    'UNLABELLED_VALUE_NOT_UNIQUE', // several distinct unlabelled values
    'INFERENCE_ABSENT', // a model said the document does not state the value
    'INFERENCE_ABSTAINED', // a model declined to answer
    'INFERENCE_NOT_CALLED', // a model call that could exceed what the budget allows, not made
    'INFERENCE_FAILED', // the model server failed (attempts and cause in the context)
    'INFERENCE_USAGE_CAPPED', // reported usage above what the request allowed, booked at the cap
  ],
  reconcile: [
    'CONFLICT', // candidates disagree and none wins
    'STRUCTURED_DATA_MISMATCH', // an e-invoice's structured data and its printed page state different values
    'RECORDS_DO_NOT_ADD_UP', // a record set's rows do not add up to the total printed under them (both sums in the context)
    'RECORD_ITEM_DROPPED', // an item of a record set whose members do not type-check, left out
    'CONSTRAINT_FAILED',
    'CURRENCY_ASSUMED',
    'CURRENCY_MISMATCH',
    'CURRENCY_UNRESOLVED',
    'FIELD_DEFAULTED',
    'FIELD_UNRESOLVED',
    'FX_CONVERTED',
    'MISSING_FX_RATE',
    'NO_DEFAULT',
    'OBJECT_ASSEMBLED',
    'PROMPT_INJECTION',
    'REQUIRES_HUMAN',
    'UNGROUNDED_INFERENCE',
    'VALUE_REPARSED',
    'DUPLICATE_FIELD_ID',
    'UNKNOWN_FIELD_ID',
  ],
  artifact: [
    'DANGLING_EVIDENCE_ID', // a verdict cited evidence no capability reported
  ],
} as const;

/** A code Paxman's own stages write into a diagnostic. */
export type PipelineDiagnosticCode = (typeof DIAGNOSTIC_CODES)[keyof typeof DIAGNOSTIC_CODES][number];

/** A code defined by a capability from outside Paxman: its id, a dot, its own code. */
export type CapabilityDefinedCode = `${string}.${string}`;

/** The code of a diagnostic: a pipeline code, an error code, or a capability-defined one. */
export type DiagnosticCode = PipelineDiagnosticCode | ErrorCode | CapabilityDefinedCode;

const PIPELINE_CODES: ReadonlySet<string> = new Set(Object.values(DIAGNOSTIC_CODES).flat());

/** True for a code Paxman's stages write (`DIAGNOSTIC_CODES`). */
export function isPipelineDiagnosticCode(value: unknown): value is PipelineDiagnosticCode {
  return typeof value === 'string' && PIPELINE_CODES.has(value);
}
