/**
 * A Paxman plug-in: a capability that finds German VAT identification numbers
 * (`DE` + nine digits, the last a check digit by ISO 7064 MOD 11,10) anywhere in a
 * document, for fields whose name or labels speak of a VAT id. Only numbers whose check
 * digit holds are proposed, and the evidence states so in its grounds (a unique
 * recognizer hit with `backing: 'checksum'`, ADR 0023), so a number that is the only valid
 * one in the document resolves HIGH at the default floor — the grade any built-in stating
 * the same grounds gets.
 *
 *   paxman normalize invoice.txt --contract contract.json --plugin ./examples/plugins/vat-id.mjs
 *   paxman replay invoice.artifact.json --contract contract.json --plugin ./examples/plugins/vat-id.mjs
 *
 * The walk-through is docs/guides/custom-capability.md.
 */
import { EMPTY_RESULT, EvidenceKind, evidenceId } from 'paxman';

const ID = 'vat_id_de';
const VERSION = '1.0.0';
const CAPABILITY = `${ID}@${VERSION}`;
/** `DE`, optional space or dot groups, nine digits; the word boundary keeps it out of longer numbers. */
const CANDIDATE = /\bDE[ .]?(\d{3})[ .]?(\d{3})[ .]?(\d{3})\b/g;

/** ISO 7064 MOD 11,10 over the first eight digits gives the ninth. */
export function germanVatCheckDigitHolds(digits) {
  let product = 10;
  for (const digit of digits.slice(0, 8)) {
    let sum = (Number(digit) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[8]);
}

function speaksOfVat(field) {
  return [field.name, field.description ?? '', ...field.labels].some((text) => /\bvat\b|\bust-?id|umsatzsteuer/i.test(text.replace(/_/g, ' ')));
}

/** @type {import('paxman').Capability} */
export const vatIdCapability = {
  spec: {
    id: ID,
    version: VERSION,
    tier: 2, // deterministic pattern tier: runs after the document's labels
    acceptsTypes: ['STRING'],
    costHint: { ms: 1, usd: '0', tokens: 0 },
    deterministic: true,
    specificationVersion: 'v1',
    description: 'German VAT ids (DE + 9 digits) whose ISO 7064 check digit holds.',
  },
  configure(field) {
    return speaksOfVat(field) ? { config: { country: 'DE' } } : { skip: 'the field does not name a VAT id' };
  },
  invoke(context) {
    const layer = context.document.primaryLayer;
    const text = context.document.layers[layer]?.text ?? '';
    const sightings = new Map(); // value → spans where it is printed
    for (const match of text.matchAll(CANDIDATE)) {
      const digits = `${match[1]}${match[2]}${match[3]}`;
      if (!germanVatCheckDigitHolds(digits)) continue;
      const value = `DE${digits}`;
      const spans = sightings.get(value) ?? [];
      spans.push({ start: match.index, end: match.index + match[0].length, layer });
      sightings.set(value, spans);
    }
    if (sightings.size === 0) return EMPTY_RESULT;
    const candidates = [];
    const evidence = [];
    for (const [value, spans] of sightings) {
      const record = {
        id: evidenceId({ capability: CAPABILITY, fieldPath: context.field.path, kind: EvidenceKind.RECOGNIZER, spans: [spans[0]], discriminator: value }),
        capability: CAPABILITY,
        fieldPath: context.field.path,
        kind: EvidenceKind.RECOGNIZER,
        spans: [spans[0]],
        text: text.slice(spans[0].start, spans[0].end),
        pattern: 'vat_id:DE',
        // What the rubric grades (ADR 0023): an unlabelled hit, the only valid one, its check digit holding.
        grounds: [{ kind: 'recognizer', recognizer: 'VAT_ID', unique: sightings.size === 1, backing: 'checksum' }],
        // Free facts for people reading the artifact; the rubric never reads them.
        detail: { check: 'ISO 7064 MOD 11,10', distinctValues: sightings.size, occurrences: spans.length },
      };
      evidence.push(record);
      candidates.push({ fieldPath: context.field.path, value, raw: record.text, capability: CAPABILITY, tier: 2, evidenceIds: [record.id] });
    }
    return { candidates, evidence, diagnostics: [] };
  },
};

/** What `--plugin` and `loadPlugins` read. */
export const capabilities = [vatIdCapability];
