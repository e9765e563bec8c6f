/**
 * The per-run memo: what a capability computes about the run's Document (an index of its
 * labels, recognizer hits, compiled patterns) is kept here, shared by every step of one
 * run and dropped with it. It replaces module-level caches keyed by the Document: two
 * runs, or two Paxman instances, never see each other's entries.
 */

/** A typed key into a run memo; create one per kind of entry, as a module constant. */
export interface MemoKey<T> {
  readonly name: string;
  /** Carries the entry's type; never set. */
  readonly __type?: T;
}

/** A store that lives as long as one run. */
export interface RunMemo {
  /** The entry under `key`, computed by `compute` the first time this run asks for it. */
  remember<T>(key: MemoKey<T>, compute: () => T): T;
}

/**
 * A memo key. Keys are compared by identity, so two capabilities that create a key with
 * the same name never share an entry.
 * @example const DOCUMENT_INDEX = memoKey<DocumentIndex>('explicit_evidence/document-index');
 */
export function memoKey<T>(name: string): MemoKey<T> {
  return Object.freeze({ name });
}

/** A fresh, empty run memo (the executor makes one per run). */
export function createRunMemo(): RunMemo {
  const entries = new Map<MemoKey<unknown>, unknown>();
  return {
    remember<T>(key: MemoKey<T>, compute: () => T): T {
      if (entries.has(key)) return entries.get(key) as T;
      const value = compute();
      entries.set(key, value);
      return value;
    },
  };
}
