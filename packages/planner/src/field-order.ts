/**
 * The order in which fields are planned and executed: every field of the contract depth
 * first (a container before its members), required fields first, then optional ones,
 * each group in declaration order. A field whose derived relation (or a step config's
 * `dependsOn`) names other fields is moved after them, so the executor has their values
 * when the derived step runs; a dependency cycle keeps declaration order and is reported.
 */
import type { CanonicalField } from '@paxman/contract';

/** A field with its requiredness in context: required, and every ancestor required too. */
export interface OrderedField {
  readonly field: CanonicalField;
  readonly effectivelyRequired: boolean;
  readonly hasMembers: boolean;
}

/** Every field depth first, partitioned required-then-optional (stable). */
export function baseFieldOrder(fields: readonly CanonicalField[]): OrderedField[] {
  const flat: OrderedField[] = [];
  const visit = (list: readonly CanonicalField[], ancestorsRequired: boolean): void => {
    for (const field of list) {
      const effectivelyRequired = ancestorsRequired && field.required;
      flat.push({ field, effectivelyRequired, hasMembers: field.fields.length > 0 });
      visit(field.fields, effectivelyRequired);
    }
  };
  visit(fields, true);
  return [...flat.filter((entry) => entry.effectivelyRequired), ...flat.filter((entry) => !entry.effectivelyRequired)];
}

const PATH_TOKEN = /[A-Za-z_][A-Za-z0-9_]*(?:\[\])?(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[\])?)*/g;

/** Field paths named in a derived relation's expression that exist in the contract. */
export function expressionDependencies(expression: string, knownPaths: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of expression.matchAll(PATH_TOKEN)) if (knownPaths.has(match[0])) found.add(match[0]);
  return [...found].sort();
}

/**
 * Stable topological order: repeatedly takes the earliest entry (in `entries` order)
 * whose dependencies have all been placed. When only cycles remain, the earliest
 * remaining entry is placed anyway and reported in `cycle`.
 */
export function orderByDependencies<T>(entries: readonly T[], pathOf: (entry: T) => string, dependenciesOf: (entry: T) => readonly string[]): { readonly ordered: T[]; readonly cycle: string[] } {
  const paths = new Set(entries.map(pathOf));
  const dependencies = entries.map((entry) => dependenciesOf(entry).filter((path) => path !== pathOf(entry) && paths.has(path)));
  if (dependencies.every((list) => list.length === 0)) return { ordered: [...entries], cycle: [] };
  const placed = new Set<string>();
  const done = new Array<boolean>(entries.length).fill(false);
  const ordered: T[] = [];
  const cycle: string[] = [];
  while (ordered.length < entries.length) {
    let next = -1;
    for (let index = 0; index < entries.length; index += 1) {
      if (!done[index] && dependencies[index]!.every((path) => placed.has(path))) {
        next = index;
        break;
      }
    }
    if (next === -1) {
      next = done.indexOf(false);
      cycle.push(pathOf(entries[next]!));
    }
    done[next] = true;
    placed.add(pathOf(entries[next]!));
    ordered.push(entries[next]!);
  }
  return { ordered, cycle };
}
