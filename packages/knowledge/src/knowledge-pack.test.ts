import { readFileSync } from 'node:fs';
import { type InvalidKnowledgePackError, PaxmanError } from '@paxman/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { en16931Pack, packFingerprint, packKey, validateKnowledgePack, type KnowledgePack } from './index.js';

const schema = JSON.parse(readFileSync(new URL('../knowledge-pack.schema.json', import.meta.url), 'utf8')) as object;

function problemsOf(input: unknown): readonly string[] {
  try {
    validateKnowledgePack(input);
    return [];
  } catch (error) {
    expect(PaxmanError.isInstance(error)).toBe(true);
    expect((error as InvalidKnowledgePackError).code).toBe('INVALID_KNOWLEDGE_PACK');
    return (error as InvalidKnowledgePackError).context.problems as readonly string[];
  }
}

const minimal = (): Record<string, unknown> => JSON.parse(JSON.stringify(en16931Pack())) as Record<string, unknown>;

describe('knowledge packs', () => {
  it('validates the built-in EN 16931 pack, frozen, with a stable fingerprint', () => {
    const pack = en16931Pack();
    expect(packKey(pack)).toBe('en16931@1.0.0');
    expect(Object.isFrozen(pack)).toBe(true);
    expect(Object.isFrozen(pack.structuredData!.terms[0]!.paths)).toBe(true);
    expect(packFingerprint(pack)).toBe(packFingerprint(validateKnowledgePack(minimal())));
    expect(pack.structuredData!.terms.map((term) => term.id)).toEqual(expect.arrayContaining(['BT-1', 'BT-2', 'BT-5', 'BT-9', 'BT-27', 'BT-44', 'BT-110', 'BT-112', 'BT-115']));
  });

  it('the published JSON Schema accepts the built-in pack and refuses what validateKnowledgePack refuses', () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    expect(validate(minimal()), JSON.stringify(validate.errors)).toBe(true);
    const broken = minimal();
    broken.version = '1';
    expect(validate(broken)).toBe(false);
    expect(problemsOf(broken)).toContain('version: must be a semver version (1.0.0)');
  });

  it('lists every problem with its path', () => {
    const pack = minimal();
    const data = pack.structuredData as { syntaxes: { id: string; root: string }[]; terms: { id: string; fieldNames: string[]; paths: Record<string, string[]>; currencyTerm?: string }[] };
    pack.id = 'Bad Id';
    data.syntaxes[1]!.id = data.syntaxes[0]!.id;
    data.terms[0]!.fieldNames = ['Invoice Number'];
    data.terms[0]!.paths = { CII: ['rsm:ExchangedDocument/ID'], XYZ: ['a:b'] };
    data.terms[1]!.currencyTerm = 'BT-999';
    pack.extra = true;
    const problems = problemsOf(pack);
    expect(problems).toEqual(
      expect.arrayContaining([
        'id: must be a lower-case id (letters, digits, hyphens)',
        'extra: is not a pack section this version knows',
        'structuredData.syntaxes[1].id: "CII" is listed twice',
        'structuredData.terms[0].fieldNames: must be an array of trimmed lower-case names',
        'structuredData.terms[0].paths.CII: "rsm:ExchangedDocument/ID" is not a path of prefixed element names',
        'structuredData.terms[0].paths.XYZ: names a syntax the pack does not declare',
        'structuredData.terms[1].currencyTerm: names no term of the pack ("BT-999")',
      ]),
    );
  });

  it('refuses what is not a pack at all', () => {
    expect(problemsOf(null)).toEqual(['(root): must be an object']);
    expect(problemsOf({ id: 'x', version: '1.0.0', description: 'x', structuredData: { standard: '', syntaxes: [], terms: {}, dateFormats: { 1: 'yyyyQQ' } } })).toEqual([
      'structuredData.standard: must be a non-empty string',
      'structuredData.syntaxes: must be a non-empty array',
      'structuredData.terms: must be an array',
      'structuredData.dateFormats: must map format codes to patterns of yyyy, MM, dd, HH, mm, ss',
    ]);
  });

  it('a pack without structured data is valid and has none to compile', () => {
    const pack: KnowledgePack = validateKnowledgePack({ id: 'empty', version: '0.1.0', description: 'Nothing yet.' });
    expect(pack.structuredData).toBeUndefined();
  });
});
