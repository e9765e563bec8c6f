/**
 * A pack's structured-data knowledge compiled once for an instance: which business term a
 * contract field means (by its names), which syntax an XML document is written in (by its
 * root element's namespace and name), and each term's element paths in that syntax as
 * namespace-resolved steps. Mechanism only: every term, path and name comes from the pack.
 */
import type { BusinessTerm, KnowledgePack, XmlSyntax } from './knowledge-pack.js';
import { packFingerprint, packKey } from './knowledge-pack.js';

/** One step of an element path: a namespace URI and a local name, optionally an attribute that must hold a value. */
export interface CompiledStep {
  readonly namespace: string;
  readonly localName: string;
  readonly attribute?: { readonly localName: string; readonly value: string };
}

/** A syntax with its root resolved to a namespace URI. */
export interface CompiledSyntax {
  readonly syntax: XmlSyntax;
  readonly rootNamespace: string;
  readonly rootLocalName: string;
}

/** The structured-data knowledge of one pack, ready to match. */
export interface CompiledStructuredData {
  /** `id@version` of the pack. */
  readonly pack: string;
  readonly fingerprint: string;
  readonly standard: string;
  /** Every term of the pack, in pack order. */
  readonly terms: readonly BusinessTerm[];
  /** The term a field means, from its names (its path split into words, its declared labels); null when none or several. */
  bindField(names: readonly string[]): BusinessTerm | null;
  /** A term by id (`BT-112`). */
  term(id: string): BusinessTerm | undefined;
  /** The syntax whose root element this is, or null. */
  syntaxOf(rootNamespace: string, rootLocalName: string): CompiledSyntax | null;
  /** The term's paths in a syntax, in order of preference (empty when the syntax does not have the term). */
  pathsOf(termId: string, syntaxId: string): readonly (readonly CompiledStep[])[];
  /** The pattern of a date format qualifier (`102` → `yyyyMMdd`). */
  dateFormat(code: string): string | undefined;
  /** Local name of the attribute that states an amount's currency, when the standard has one. */
  readonly currencyAttribute: string | null;
  /** Local name of the attribute that names a date's format qualifier, when the standard has one. */
  readonly dateFormatAttribute: string | null;
}

/** Lower case, letters and digits only, single spaces: how field names and pack names are compared. */
export function normalizeFieldName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const STEP = /^([^:]+):([^[]+)(?:\[@([^=]+)='([^']*)'\])?$/;

function compileStep(step: string, namespaces: Readonly<Record<string, string>>): CompiledStep {
  const match = STEP.exec(step)!;
  const namespace = namespaces[match[1]!] ?? '';
  return match[3] === undefined ? { namespace, localName: match[2]! } : { namespace, localName: match[2]!, attribute: { localName: match[3], value: match[4]! } };
}

/**
 * Compiles a validated pack's `structuredData` (null when the pack has none).
 *
 * @example
 * const knowledge = compileStructuredData(en16931Pack());
 * knowledge?.bindField(['total amount'])?.id; // 'BT-112'
 */
export function compileStructuredData(pack: KnowledgePack): CompiledStructuredData | null {
  const data = pack.structuredData;
  if (data === undefined) return null;
  const termsById = new Map(data.terms.map((term) => [term.id, term]));
  const termsByName = new Map<string, BusinessTerm[]>();
  for (const term of data.terms) {
    for (const name of [term.id.toLowerCase(), ...term.fieldNames]) {
      const key = normalizeFieldName(name);
      const list = termsByName.get(key) ?? [];
      if (!list.includes(term)) list.push(term);
      termsByName.set(key, list);
    }
  }
  const syntaxes = data.syntaxes.map((syntax): CompiledSyntax => {
    const [prefix, localName] = syntax.root.split(':') as [string, string];
    return { syntax, rootNamespace: syntax.namespaces[prefix] ?? '', rootLocalName: localName };
  });
  const paths = new Map<string, readonly (readonly CompiledStep[])[]>();
  for (const term of data.terms) {
    for (const syntax of data.syntaxes) {
      const written = term.paths[syntax.id] ?? [];
      paths.set(`${term.id}\u0000${syntax.id}`, written.map((path) => path.split('/').map((step) => compileStep(step, syntax.namespaces))));
    }
  }
  return Object.freeze({
    pack: packKey(pack),
    fingerprint: packFingerprint(pack),
    standard: data.standard,
    terms: data.terms,
    bindField(names: readonly string[]): BusinessTerm | null {
      for (const name of names) {
        const terms = termsByName.get(normalizeFieldName(name));
        if (terms !== undefined) return terms.length === 1 ? terms[0]! : null;
      }
      return null;
    },
    term: (id: string) => termsById.get(id),
    syntaxOf: (rootNamespace: string, rootLocalName: string) => syntaxes.find((entry) => entry.rootNamespace === rootNamespace && entry.rootLocalName === rootLocalName) ?? null,
    pathsOf: (termId: string, syntaxId: string) => paths.get(`${termId}\u0000${syntaxId}`) ?? [],
    dateFormat: (code: string) => data.dateFormats[code],
    currencyAttribute: data.attributes?.currency ?? null,
    dateFormatAttribute: data.attributes?.dateFormat ?? null,
  });
}
