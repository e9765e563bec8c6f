/**
 * The JSON Schema vocabulary the adapter understands, and the Paxman extension keywords
 * (`x-paxman-*`). Anything outside these lists is reported as unsupported rather than
 * ignored, because an ignored validation keyword would let Paxman produce data the
 * caller's own schema rejects. Vendor extensions of other tools (`x-…`) are ignored.
 */

/** Keywords that only annotate a schema; they never change what validates. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
]);

/** Validation keywords the adapter maps onto the canonical model. */
export const SUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
  'description',
  '$ref',
  'allOf',
  'anyOf',
  'oneOf',
]);

/** Extra annotation keywords an OpenAPI Schema Object may carry. */
export const OPENAPI_ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(['example', 'externalDocs', 'xml']);

/** Paxman's extension keywords (JSON Schema and OpenAPI). */
export const PaxmanKeyword = Object.freeze({
  TYPE: 'x-paxman-type',
  LABELS: 'x-paxman-labels',
  TAGS: 'x-paxman-tags',
  CONFIDENCE_THRESHOLD: 'x-paxman-confidence-threshold',
  FALLBACK: 'x-paxman-fallback',
  CURRENCY: 'x-paxman-currency',
  ENUM_SYNONYMS: 'x-paxman-enum-synonyms',
  EXTRACTION_PATTERN: 'x-paxman-extraction-pattern',
  DERIVED: 'x-paxman-derived',
  LOOKUP: 'x-paxman-lookup',
  CONSTRAINTS: 'x-paxman-constraints',
  CONTRACT_ID: 'x-paxman-id',
  VERSION: 'x-paxman-version',
  POLICY: 'x-paxman-policy',
} as const);

/**
 * Every `x-paxman-*` keyword, for validators that reject unknown keywords, e.g.
 * `new Ajv2020().addVocabulary([...PAXMAN_KEYWORDS])`.
 */
export const PAXMAN_KEYWORDS: readonly string[] = Object.freeze(Object.values(PaxmanKeyword));

/** Contract-level keywords: valid only on the root schema. */
export const ROOT_ONLY_PAXMAN_KEYWORDS: ReadonlySet<string> = new Set([PaxmanKeyword.CONTRACT_ID, PaxmanKeyword.VERSION, PaxmanKeyword.POLICY]);

/** JSON Schema `format` values with a canonical meaning. `date` makes a DATE field; the others a STRING `format` constraint. */
export const SUPPORTED_FORMATS: readonly string[] = Object.freeze(['date', 'date-time', 'email', 'uri']);

/** Meta-schema URIs and the format version each denotes. */
export function schemaDialectVersion(uri: string): string | null {
  const normalized = uri.replace(/^https?:\/\//, '').replace(/#$/, '');
  const known: Record<string, string> = {
    'json-schema.org/draft/2020-12/schema': '2020-12',
    'json-schema.org/draft/2019-09/schema': '2019-09',
    'json-schema.org/draft-07/schema': 'draft-07',
    'json-schema.org/draft-06/schema': 'draft-06',
    'json-schema.org/draft-04/schema': 'draft-04',
  };
  return known[normalized] ?? null;
}

/** The draft 2020-12 meta-schema URI written by `export`. */
export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
