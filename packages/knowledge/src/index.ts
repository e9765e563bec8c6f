/**
 * @paxman/knowledge — knowledge as data: versioned packs that capabilities read, never code.
 * This revision holds the business terms of structured e-invoices (EN 16931: CII and UBL
 * element paths, the field names that mean each term) and the pack format a user writes
 * for another standard.
 */
export {
  packFingerprint,
  packKey,
  validateKnowledgePack,
  type BusinessTerm,
  type KnowledgePack,
  type StructuredDataKnowledge,
  type TermValueType,
  type ValueAttributes,
  type XmlSyntax,
} from './knowledge-pack.js';
export { compileStructuredData, normalizeFieldName, type CompiledStep, type CompiledStructuredData, type CompiledSyntax } from './structured-data.js';
export { en16931Pack } from './packs/en16931.js';
export { allTerms, recordKnowledge, validateRecordKnowledge, type RecordConcept, type RecordKnowledge, type RecordValueType, type TermsByLanguage } from './record-knowledge.js';
