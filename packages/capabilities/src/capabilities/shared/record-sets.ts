/**
 * The record sets of a run's Document (`readRecordSets` from `@paxman/reading`), read once
 * per run and shared by every capability that needs them: `record_reading` binds them to
 * ARRAY fields, and the scalar finders use them to know which cells belong to an item.
 */
import { type CapabilityContext, createRunMemo, memoKey } from '@paxman/capability-spi';
import { type ReadRecordSetsOptions, type RecordSet, readRecordSets } from '@paxman/reading';

const RECORD_SETS = memoKey<readonly RecordSet[]>('capabilities/record-sets');

/**
 * The record sets of the step's Document, read on the run's first use (a capability invoked
 * on its own reads its own) with the instance's knowledge: its record knowledge (column
 * headers, totals words) and its lexicon (whose summary concepts end a receipt's item
 * lines); the built-in packs' when none is given. Every capability of an instance passes the
 * same knowledge, so whichever asks first reads the sets all of them share.
 */
export function recordSetsOf(context: Pick<CapabilityContext, 'document' | 'memo'>, knowledge: ReadRecordSetsOptions = {}): readonly RecordSet[] {
  return (context.memo ?? createRunMemo()).remember(RECORD_SETS, () => readRecordSets(context.document, knowledge));
}
