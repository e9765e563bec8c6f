/**
 * Collects what one capability invocation found into a `CapabilityResult`: evidence with
 * deterministic ids (core `evidenceId`), candidates grouped by value (the same value found
 * under two labels is one candidate with two pieces of evidence), candidates ordered by
 * their strongest evidence and then by position, so output never depends on iteration
 * order. Given the Document, it takes no value from a line that reads like an instruction
 * to a model (core `looksLikeInstruction`): such text is an attack on the inference tier,
 * not a statement of the document. Every record states its grounds (`evidence-grounds.ts`,
 * ADR 0023), the public vocabulary the reconciler grades.
 */
import { canonicalJson, evidenceIdPrefix, instructionPhrase, prefixedEvidenceId, DiagnosticSeverity, type EvidenceIdPrefix, type CapabilityTier, type Candidate, type Diagnostic, type Evidence, type EvidenceKind, type EvidenceVerdict, type Grounds, type JsonValue, type SourceSpan } from '@paxman/core';
import type { Document } from '@paxman/document';
import { type CapabilityContext, type CapabilityResult, memoKey } from '@paxman/capability-spi';
import { groundsFor } from './evidence-grounds.js';

/** One piece of evidence to record. */
export interface EvidenceInput {
  readonly kind: EvidenceKind;
  readonly spans: readonly SourceSpan[];
  readonly text?: string;
  readonly label?: string;
  readonly pattern?: string;
  readonly verdict?: EvidenceVerdict;
  /** The grounds the record states; by default read from its kind and detail (`groundsFor`). */
  readonly grounds?: readonly Grounds[];
  readonly detail?: Readonly<Record<string, JsonValue>>;
  /** Separates evidence that would otherwise share an id (same spans and label). */
  readonly discriminator?: string;
}

/** Evidence that proposes a value. `rank` orders candidates (higher first). */
export interface FindingInput extends EvidenceInput {
  readonly value: JsonValue;
  readonly raw: string;
  readonly rank: number;
}

export interface ResultBuilder {
  /** Records evidence and returns its id. */
  evidence(input: EvidenceInput): string;
  /** Records evidence proposing a value. */
  finding(input: FindingInput): string;
  /**
   * Counts a sighting of `value` (rank `rank`, first span `valueSpan`) that `finding` would
   * not record — its line reads like an instruction, or the value already holds its most
   * evidence records (`MAX_EVIDENCE_PER_CANDIDATE`), none weaker — and returns true; false
   * when the finding is to be recorded with `finding`. A long document repeats a value on
   * every page: the records the cap drops are then never built.
   */
  tally(value: JsonValue, rank: number, valueSpan: SourceSpan): boolean;
  diagnostic(diagnostic: Omit<Diagnostic, 'stage' | 'capability' | 'fieldPath'>): void;
  readonly findingCount: number;
  /** The values proposed so far, in the order first found. */
  readonly values: readonly JsonValue[];
  build(): CapabilityResult;
}

interface Group {
  value: JsonValue;
  raw: string;
  rank: number;
  position: number;
  evidenceIds: string[];
  /** Further weaker evidence for the same value, not recorded. */
  omitted: number;
}

/**
 * Most evidence records kept per candidate (the strongest first-found ones); the first
 * record of the value counts the others (`detail.omittedSightings`). Eight independent
 * places of a labelled reading of strength 0.74 or more (a synonym label read with an
 * ambiguous "$") already give the rubric's maximum confidence (ADR 0007), so a value a long
 * document repeats on every page is not scored lower for the cut (ADR 0010).
 */
export const MAX_EVIDENCE_PER_CANDIDATE = 8;

/** The evidence record of `input` under `id`; optional members only when given, in the order of `Evidence`. */
function evidenceRecord(id: string, capability: string, fieldPath: string, input: EvidenceInput): Evidence {
  const record: { -readonly [K in keyof Evidence]: Evidence[K] } = { id, capability, fieldPath, kind: input.kind, spans: input.spans };
  if (input.text !== undefined) record.text = input.text;
  if (input.label !== undefined) record.label = input.label;
  if (input.pattern !== undefined) record.pattern = input.pattern;
  if (input.verdict !== undefined) record.verdict = input.verdict;
  const grounds = groundsFor(input);
  if (grounds !== undefined) record.grounds = grounds;
  if (input.detail !== undefined) record.detail = input.detail;
  return record;
}

/**
 * The instruction phrase of each stretch of lines already screened, by the stretch's text
 * (null: none): the phrase is a function of the text alone, so the builders of one run
 * share one (the run memo's) and screen each distinct text once — a long document prints
 * the same lines on every page, and its fields ask of thousands of places.
 */
export type ScreenedLines = Map<string, string | null>;

const SCREENED_LINES = memoKey<ScreenedLines>('capabilities/screened-lines');

/**
 * The phrase of each stretch of lines already screened, by its layer and where it starts
 * (`end`: where it ends): a field asks of the same places as the fields before it, and a
 * place is found without cutting its text out again. Kept beside `ScreenedLines`, per builder
 * without a run memo.
 */
type ScreenedPlaces = Map<string, Map<number, { readonly end: number; readonly phrase: string | null }>>;

const SCREENED_PLACES = memoKey<ScreenedPlaces>('capabilities/screened-places');

/** The run's screened lines (kept in its memo), or a fresh map for a capability invoked without one. */
export function screenedLinesOfRun(context: Pick<CapabilityContext, 'memo'>): ScreenedLines {
  return context.memo === undefined ? new Map() : context.memo.remember(SCREENED_LINES, () => new Map());
}

/** The run's screened places (`ScreenedPlaces`), or a fresh map. */
function screenedPlacesOfRun(context: Pick<CapabilityContext, 'memo'> | undefined): ScreenedPlaces {
  return context?.memo === undefined ? new Map() : context.memo.remember(SCREENED_PLACES, () => new Map());
}

/**
 * The key a value's candidate is grouped by among values that are not strings: its
 * canonical JSON. (String values are grouped by the string itself, in a table of their own.)
 */
function groupKey(value: JsonValue): string {
  return canonicalJson(value);
}

/** Options of `createResultBuilder`. */
export interface ResultBuilderOptions {
  readonly capability: string;
  readonly tier: CapabilityTier;
  readonly fieldPath: string;
  readonly document?: Document;
  /** The run's screened lines of `document`; the builder's own when absent. */
  readonly screenedLines?: ScreenedLines;
  /** The step's context: its run memo keeps the places screened (`ScreenedPlaces`) for the run's builders. */
  readonly context?: Pick<CapabilityContext, 'memo'>;
}

/** A builder for one capability, field and invocation. */
export function createResultBuilder(options: ResultBuilderOptions): ResultBuilder {
  return new CapabilityResultBuilder(options.capability, options.tier, options.fieldPath, options.document, options.screenedLines ?? new Map(), screenedPlacesOfRun(options.context));
}

/*
 * A class rather than an object of closures: capabilities make one builder per field and
 * invocation, many per run, and a class instance shares its methods instead of allocating
 * a closure per method (and an accessor) each time.
 */
class CapabilityResultBuilder implements ResultBuilder {
  private readonly evidenceById = new Map<string, Evidence>();
  /**
   * The groups by value: a string value by itself (a value read from a table of readings is
   * the same string at every place a long document prints it, so its lookup needs no new
   * key), any other by its canonical JSON; `ordered` lists them in the order first found.
   */
  private readonly stringGroups = new Map<string, Group>();
  private readonly otherGroups = new Map<string, Group>();
  private readonly ordered: Group[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  /**
   * Group keys of object values (money) by the object: a value read from a table of
   * readings is the same object at every place a long document prints it, and its key is
   * written once, not per place. Values are never changed once read.
   */
  private readonly objectKeys = new Map<object, string>();
  /** What each evidence id of this builder starts with (made on the first id). */
  private idPrefix: EvidenceIdPrefix | null = null;
  /** `layer:lineStart` of the instruction lines already reported (made on the first one). */
  private ignoredLines: Set<string> | null = null;

  constructor(
    private readonly capability: string,
    private readonly tier: CapabilityTier,
    private readonly fieldPath: string,
    private readonly document: Document | undefined,
    private readonly screenedLines: ScreenedLines,
    private readonly screenedPlaces: ScreenedPlaces,
  ) {}

  /** The instruction phrase on the lines of a finding's first span, or null. */
  private instructionOnLine(span: SourceSpan | undefined): string | null {
    const document = this.document;
    const text = span && document?.layers[span.layer]?.text;
    if (!span || !text) return null;
    const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
    const newline = text.indexOf('\n', span.end);
    const lineEnd = newline < 0 ? text.length : newline;
    let places = this.screenedPlaces.get(span.layer);
    if (places === undefined) {
      places = new Map();
      this.screenedPlaces.set(span.layer, places);
    }
    const place = places.get(lineStart);
    let phrase: string | null;
    if (place !== undefined && place.end === lineEnd) phrase = place.phrase;
    else {
      // The lines the span touches, from the start of its first to the end of its last.
      const lines = text.slice(lineStart, lineEnd);
      const screened = this.screenedLines.get(lines);
      phrase = screened === undefined ? instructionPhrase(lines) : screened;
      if (screened === undefined) this.screenedLines.set(lines, phrase);
      places.set(lineStart, { end: lineEnd, phrase });
    }
    if (phrase !== null) {
      const ignoredLines = (this.ignoredLines ??= new Set());
      const line = `${span.layer}:${lineStart}`;
      if (!ignoredLines.has(line)) {
        ignoredLines.add(line);
        this.diagnostics.push({
          code: 'INSTRUCTION_TEXT_IGNORED',
          severity: DiagnosticSeverity.WARNING,
          stage: 'capability',
          capability: this.capability,
          fieldPath: this.fieldPath,
          message: `A value on a line that reads like an instruction to a model ("${phrase}") was not used.`,
          context: { layer: span.layer, lineStart, phrase },
        });
      }
    }
    return phrase;
  }

  /** `groupKey(value)` of a value that is not a string, kept by the object for object values. */
  private keyOf(value: JsonValue): string {
    if (typeof value !== 'object' || value === null) return groupKey(value);
    let key = this.objectKeys.get(value);
    if (key === undefined) {
      key = groupKey(value);
      this.objectKeys.set(value, key);
    }
    return key;
  }

  /** The group of a value, if it has one yet. */
  private groupOf(value: JsonValue): Group | undefined {
    return typeof value === 'string' ? this.stringGroups.get(value) : this.otherGroups.get(this.keyOf(value));
  }

  evidence(input: EvidenceInput): string {
    const prefix = (this.idPrefix ??= evidenceIdPrefix(this.capability, this.fieldPath));
    const id = prefixedEvidenceId(prefix, input.kind, input.spans, input.label, input.pattern, input.discriminator);
    if (!this.evidenceById.has(id)) this.evidenceById.set(id, evidenceRecord(id, this.capability, this.fieldPath, input));
    return id;
  }

  finding(input: FindingInput): string {
    if (this.instructionOnLine(input.spans[0]) !== null) return '';
    const group = this.groupOf(input.value);
    // A value printed on every page of a long document needs a few pieces of evidence, not hundreds.
    if (group !== undefined && group.evidenceIds.length >= MAX_EVIDENCE_PER_CANDIDATE && input.rank <= group.rank) {
      group.omitted += 1;
      return group.evidenceIds[0]!;
    }
    const id = this.evidence(input);
    const position = input.spans[0]?.start ?? Number.MAX_SAFE_INTEGER;
    if (group === undefined) {
      const created: Group = { value: input.value, raw: input.raw, rank: input.rank, position, evidenceIds: [id], omitted: 0 };
      if (typeof input.value === 'string') this.stringGroups.set(input.value, created);
      else this.otherGroups.set(this.keyOf(input.value), created);
      this.ordered.push(created);
    } else {
      if (!group.evidenceIds.includes(id)) group.evidenceIds.push(id);
      if (input.rank > group.rank || (input.rank === group.rank && position < group.position)) {
        group.rank = input.rank;
        group.position = position;
        group.raw = input.raw;
      }
    }
    return id;
  }

  tally(value: JsonValue, rank: number, valueSpan: SourceSpan): boolean {
    if (this.instructionOnLine(valueSpan) !== null) return true;
    const group = this.groupOf(value);
    if (group === undefined || group.evidenceIds.length < MAX_EVIDENCE_PER_CANDIDATE || rank > group.rank) return false;
    group.omitted += 1;
    return true;
  }

  diagnostic(diagnostic: Omit<Diagnostic, 'stage' | 'capability' | 'fieldPath'>): void {
    this.diagnostics.push({ ...diagnostic, stage: 'capability', capability: this.capability, fieldPath: this.fieldPath });
  }

  get findingCount(): number {
    return this.ordered.length;
  }

  get values(): readonly JsonValue[] {
    return this.ordered.map((group) => group.value);
  }

  build(): CapabilityResult {
    const { evidenceById, fieldPath, capability, tier } = this;
    const ordered = [...this.ordered];
    if (ordered.length > 1) ordered.sort((left, right) => right.rank - left.rank || left.position - right.position);
    const candidates: Candidate[] = [];
    for (const group of ordered) {
      // The first record of a value says how many further sightings were not recorded.
      if (group.omitted > 0) {
        const first = evidenceById.get(group.evidenceIds[0]!)!;
        evidenceById.set(first.id, { ...first, detail: { ...first.detail, omittedSightings: group.omitted } });
      }
      candidates.push({ fieldPath, value: group.value, raw: group.raw, capability, tier, evidenceIds: group.evidenceIds });
    }
    return { candidates, evidence: [...evidenceById.values()], diagnostics: this.diagnostics };
  }
}
