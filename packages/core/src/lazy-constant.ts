/**
 * A constant table computed on first use instead of at import. Its value depends on the
 * source alone (never on an instance, an input or the clock), so computing it late is
 * not state: every caller in every instance sees the same frozen value. This is the one
 * sanctioned module-level lazy value; caches keyed by inputs belong to an instance or a run.
 */
export function lazyConstant<T>(compute: () => T): () => T {
  let computed: { readonly value: T } | undefined;
  return () => (computed ??= { value: compute() }).value;
}
