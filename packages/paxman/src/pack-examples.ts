/**
 * Runs a knowledge pack's example cases (its `examples` section: documents and the values the
 * pack must let Paxman read) through a real instance and reports each field: what was
 * expected, what came back, and whether they agree. A built-in pack's examples run on the
 * default instance's knowledge; a user's pack is added to a new instance
 * (`createPaxman({ knowledge: [pack] })`), exactly as it would be used. A clause pack (the
 * shape of `contract-clauses-en.json`) runs its examples the same way. Deterministic tiers
 * only: an example shows what the knowledge reads, never what a model guesses.
 */
import { canonicalJson, type JsonValue } from '@paxman/core';
import {
  builtInClausePacks,
  isClauseKnowledgeData,
  packFingerprint,
  packKey,
  validateClauseKnowledge,
  validateKnowledgePack,
  type ClauseKnowledge,
  type KnowledgePack,
  type PackExample,
} from '@paxman/knowledge';
import { createPaxman, type Paxman } from './create-paxman.js';
import { builtInPacks } from './instance-knowledge.js';

/** One field of one example, as it came back. */
export interface PackExampleOutcome {
  readonly example: string;
  readonly field: string;
  /** The value the example expects (null: unresolved). */
  readonly expected: unknown;
  /** The value `normalizedData` holds, or null when the field stayed unresolved. */
  readonly actual: unknown;
  /** The field's status in the artifact (`SUCCESS`, `UNRESOLVED` …). */
  readonly status: string;
  readonly confidence: number;
  readonly passed: boolean;
}

/** What running a pack's examples found. */
export interface PackExamplesReport {
  /** `id@version` of the pack. */
  readonly pack: string;
  readonly outcomes: readonly PackExampleOutcome[];
  readonly passed: number;
  readonly failed: number;
}

/**
 * True when `pack` is one of the packs every instance reads with (`builtIns`: the knowledge
 * packs or the clause packs): the same `id@version` and the same content. A built-in pack
 * edited without a new version is the caller's own pack.
 */
function isBuiltIn(pack: KnowledgePack | ClauseKnowledge, builtIns: readonly (KnowledgePack | ClauseKnowledge)[]): boolean {
  const fingerprint = packFingerprint(pack);
  return builtIns.some((builtIn) => packKey(builtIn) === packKey(pack) && packFingerprint(builtIn) === fingerprint);
}

/** The contract an example asks with: its fields, none required. */
function exampleContract(pack: Pick<KnowledgePack, 'id'>, example: PackExample): JsonValue {
  return {
    id: `examples-${pack.id}`,
    version: '1',
    fields: example.fields.map((field) => ({ name: field.name, type: field.type, required: false, ...(field.description === undefined ? {} : { description: field.description }) })),
  };
}

/**
 * Runs every example of `input` (a knowledge pack, validated first: `InvalidKnowledgePackError`
 * names its problems) and reports each field. `instance` overrides the instance the examples
 * run on (it must already hold the pack).
 */
export async function runPackExamples(input: unknown, options: { readonly instance?: Paxman } = {}): Promise<PackExamplesReport> {
  const clausePack = isClauseKnowledgeData(input);
  const pack: KnowledgePack | ClauseKnowledge = clausePack ? validateClauseKnowledge(input) : validateKnowledgePack(input);
  const builtIn = isBuiltIn(pack, clausePack ? builtInClausePacks() : builtInPacks());
  const own = options.instance === undefined ? createPaxman(builtIn ? {} : { knowledge: [pack] }) : null;
  const instance = options.instance ?? own!;
  const outcomes: PackExampleOutcome[] = [];
  try {
    for (const example of pack.examples ?? []) {
      const artifact = await instance.normalize(example.text, { contract: exampleContract(pack, example), policy: { allowLocalInference: false, allowRemoteInference: false } });
      const data = artifact.normalizedData as Readonly<Record<string, unknown>>;
      for (const field of example.fields) {
        const actual = data[field.name] ?? null;
        const result = artifact.fieldResults[field.name];
        outcomes.push({
          example: example.title,
          field: field.name,
          expected: field.expect,
          actual,
          status: result?.status ?? 'MISSING',
          confidence: result?.confidence ?? 0,
          passed: canonicalJson(actual as JsonValue) === canonicalJson((field.expect ?? null) as JsonValue),
        });
      }
    }
  } finally {
    await own?.close();
  }
  const passed = outcomes.filter((outcome) => outcome.passed).length;
  return Object.freeze({ pack: packKey(pack), outcomes: Object.freeze(outcomes), passed, failed: outcomes.length - passed });
}
