/**
 * @paxman/reading — reading a document once: record sets (tables, item lines, CSV rows,
 * JSON arrays) under header concepts from the knowledge packs, every cell with its span,
 * rows checked to add up; the parties an agreement names. Capabilities bind fields to
 * what is read here; no domain word lives in this package's code.
 */
export { readRecordSets, type ReadRecordSetsOptions } from './read-record-sets.js';
export { compileHeaderTerms, findTerms, type HeaderTerms, type TermHit } from './header-terms.js';
export { readCellNumber } from './cell-number.js';
export { checkRow, checkSum, type PrintedTotal } from './row-arithmetic.js';
export { readPartyList, foldedWords, type ReadPartyListOptions } from './read-party-list.js';
export type { PartyList, PartySighting, PartySource } from './party-list.js';
export type { RecordCell, RecordRow, RecordSet, RecordSetSource, RecordSetSum, RowCheck } from './record-set.js';
