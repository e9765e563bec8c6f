/**
 * Plug-ins state the same grounds and get the same grades (ADR 0023): a capability
 * registered through the capability SPI that states checksum-backed recognizer grounds
 * for an IBAN gets exactly the confidence the built-in `pattern_extraction` gets for the
 * same IBAN on the same grounds — the rubric reads grounds, never who stated them or
 * their private pattern names. The same plug-in stating weaker grounds gets less.
 */
import { describe, expect, it } from 'vitest';
import { type Capability, type CapabilityContext, type CapabilityResult, createCapabilityRegistry } from '@paxman/capability-spi';
import { type Evidence, type FindingGrounds, EvidenceKind, evidenceId, findingGroundsOf } from '@paxman/core';
import { ibanChecksumHolds } from '@paxman/values';
import { createPaxman } from 'paxman';

const IBAN = 'GB82WEST12345698765432';
/** The IBAN printed once, unlabelled, in a footer among other numbers. */
const letter = `Harbour Supplies BV
Invoice 2026-0147
Total: EUR 1,720.74

Harbour Supplies BV · Kade 12 · 3011 Rotterdam · KvK 12345678 · ${IBAN}
`;

/** A plug-in that finds IBANs for one field and states the grounds it is given. */
function ibanPlugin(grounds: (unique: boolean) => FindingGrounds): Capability {
  const capability = 'payout_iban@1.0.0';
  return {
    spec: { id: 'payout_iban', version: '1.0.0', tier: 2, acceptsTypes: ['STRING'], costHint: { ms: 1, usd: '0', tokens: 0 }, deterministic: true, specificationVersion: 'v1', description: 'IBANs whose mod-97 check holds.' },
    configure: (field) => (field.name === 'payout_account' ? { config: {} } : { skip: 'not the payout account' }),
    invoke(context: CapabilityContext): CapabilityResult {
      const layer = context.document.primaryLayer;
      const text = context.document.layers[layer]?.text ?? '';
      const hits = [...text.matchAll(/\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g)].filter((match) => ibanChecksumHolds(match[0]));
      const evidence: Evidence[] = hits.map((match) => {
        const spans = [{ start: match.index, end: match.index + match[0].length, layer }];
        return { id: evidenceId({ capability, fieldPath: context.field.path, kind: EvidenceKind.RECOGNIZER, spans }), capability, fieldPath: context.field.path, kind: EvidenceKind.RECOGNIZER, spans, text: match[0], grounds: [grounds(hits.length === 1)] };
      });
      return { candidates: evidence.map((record) => ({ fieldPath: context.field.path, value: record.text!, raw: record.text!, capability, tier: 2, evidenceIds: [record.id] })), evidence, diagnostics: [] };
    },
  };
}

describe('plug-in grounds', () => {
  it('a plug-in stating checksum grounds and the built-in with the same grounds get identical confidence', async () => {
    const builtIn = await createPaxman().normalize(letter, { contract: { id: 'bank', fields: [{ name: 'iban', type: 'STRING', required: true }] } });
    const builtInResult = builtIn.fieldResults.iban!;
    expect(builtInResult).toMatchObject({ status: 'SUCCESS', value: IBAN });
    const builtInEvidence = builtIn.evidence.find((record) => builtInResult.evidenceIds.includes(record.id))!;
    expect(builtInEvidence.capability).toMatch(/^pattern_extraction@/);
    const builtInGrounds = findingGroundsOf(builtInEvidence.grounds);
    expect(builtInGrounds).toEqual({ kind: 'recognizer', recognizer: 'IBAN', unique: true, backing: 'checksum' });

    const plugin = ibanPlugin((unique) => ({ kind: 'recognizer', recognizer: 'IBAN', unique, backing: 'checksum' }));
    // Registered through the capability SPI's registry, as any plug-in is.
    const registry = createCapabilityRegistry();
    registry.register(plugin);
    const px = createPaxman({ capabilities: registry.list() });
    const pluggedIn = await px.normalize(letter, { contract: { id: 'payout', fields: [{ name: 'payout_account', type: 'STRING', required: true }] } });
    const pluggedInResult = pluggedIn.fieldResults.payout_account!;
    const pluggedInEvidence = pluggedIn.evidence.find((record) => pluggedInResult.evidenceIds.includes(record.id))!;
    expect(pluggedInEvidence.capability).toBe('payout_iban@1.0.0');
    expect(findingGroundsOf(pluggedInEvidence.grounds)).toEqual(builtInGrounds);
    expect(pluggedInResult).toMatchObject({ status: 'SUCCESS', value: IBAN, band: builtInResult.band });
    expect(pluggedInResult.confidence).toBe(builtInResult.confidence);
    await px.close();
  });

  it('the same plug-in stating weaker grounds gets a lower grade', async () => {
    const unbacked = createPaxman({ capabilities: [ibanPlugin((unique) => ({ kind: 'recognizer', recognizer: 'ACCOUNT', unique }))] });
    const backed = createPaxman({ capabilities: [ibanPlugin((unique) => ({ kind: 'recognizer', recognizer: 'ACCOUNT', unique, backing: 'checksum' }))] });
    const contract = { id: 'payout', fields: [{ name: 'payout_account', type: 'STRING', required: true }] };
    const weak = (await unbacked.normalize(letter, { contract })).fieldResults.payout_account!;
    const strong = (await backed.normalize(letter, { contract })).fieldResults.payout_account!;
    expect(weak.status).toBe('UNRESOLVED');
    expect(strong).toMatchObject({ status: 'SUCCESS', band: 'HIGH' });
    expect(weak.confidence).toBeLessThan(strong.confidence);
    await unbacked.close();
    await backed.close();
  });
});
