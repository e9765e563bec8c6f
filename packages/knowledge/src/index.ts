/**
 * @paxman/knowledge — knowledge as data: versioned packs that capabilities read, never code.
 * It holds the business terms of structured e-invoices (EN 16931: CII and UBL element
 * paths, the field names that mean each term), the lexicon of each built-in language (the
 * labels of business concepts and the word classes reading mechanisms use), and the pack
 * format a user writes for another standard, language or locale.
 */
export {
  packFingerprint,
  packKey,
  validateKnowledgePack,
  type BusinessTerm,
  type KnowledgePack,
  type LexiconKnowledge,
  type WordClass,
  WORD_CLASSES,
  type StructuredDataKnowledge,
  type TermValueType,
  type ValueAttributes,
  type XmlSyntax,
  type CalendarKnowledge,
} from './knowledge-pack.js';
export { compileStructuredData, normalizeFieldName, type CompiledStep, type CompiledStructuredData, type CompiledSyntax } from './structured-data.js';
export { en16931Pack } from './packs/en16931.js';
export { compileLexicon, type CompiledCalendar, type CompiledLexicon, type LexiconConceptTerms, type PackReference } from './lexicon.js';
export { builtInLexicon, builtInLexiconPacks } from './packs/lexicon-packs.js';
export { EXAMPLE_FIELD_TYPES, examplesSectionProblems, type PackExample, type PackExampleField } from './pack-examples.js';
export { mergeRecordKnowledge, recordsSectionProblems, type RecordsSection, type RecordsSectionConcept } from './record-sections.js';
export {
  CLAUSE_LEAD_NAMES,
  CLAUSE_PATTERN_NAMES,
  builtInClausePacks,
  contractClauses,
  isClauseKnowledgeData,
  validateClauseKnowledge,
  type ClauseKnowledge,
  type ClauseLeadName,
  type ClausePattern,
  type ClausePatternName,
} from './clause-knowledge.js';
export { allTerms, recordKnowledge, validateRecordKnowledge, type RecordConcept, type RecordKnowledge, type RecordValueType, type TermsByLanguage } from './record-knowledge.js';
