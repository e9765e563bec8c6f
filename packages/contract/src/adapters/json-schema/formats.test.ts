/** `format` values: a meaning where Paxman has one, an annotation (never a rejection) otherwise. */
import { describe, expect, it } from 'vitest';
import { adaptContract } from '../../index.js';

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('JSON Schema and OpenAPI format', () => {
  it('maps integer widths to bounds, uuid to a pattern, and keeps date, date-time, email, uri', () => {
    const contract = adaptContract(
      schema({
        small: { type: 'integer', format: 'int32' },
        count: { type: 'integer', format: 'uint8', maximum: 100 },
        id: { type: 'string', format: 'uuid' },
        mail: { type: 'string', format: 'email' },
        day: { type: 'string', format: 'date' },
      }),
      { format: 'json-schema' },
    );
    const constraints = Object.fromEntries(contract.fields.map((field) => [field.path, field.constraints]));
    expect(constraints.small).toEqual([
      { kind: 'min_value', params: { min: '-2147483648' } },
      { kind: 'max_value', params: { max: '2147483647' } },
    ]);
    expect(constraints.count).toEqual(expect.arrayContaining([{ kind: 'max_value', params: { max: 100 } }, { kind: 'min_value', params: { min: '0' } }]));
    expect(constraints.id).toEqual([{ kind: 'pattern', params: { regex: expect.stringContaining('[0-9a-fA-F]{8}') } }]);
    expect(constraints.mail).toEqual([{ kind: 'format', params: { format: 'email' } }]);
    expect(contract.fields.find((field) => field.path === 'day')!.type).toBe('DATE');
    expect(contract.source.annotations).toBeUndefined();
  });

  it.each(['float', 'double', 'byte', 'binary', 'password', 'hostname', 'ipv4', 'ipv6', 'uri-reference', 'something-custom'])('keeps format %s as an annotation with a note', (format) => {
    const type = format === 'float' || format === 'double' ? 'number' : 'string';
    const contract = adaptContract(schema({ value: { type, format } }), { format: 'json-schema' });
    expect(contract.fields[0]!.constraints).toEqual([]);
    expect(contract.source.annotations).toEqual([{ code: 'FORMAT_ANNOTATION', path: '#/properties/value/format', message: expect.stringContaining(`"${format}"`) }]);
  });

  it('reports a format that is not a string', () => {
    expect(() => adaptContract(schema({ value: { type: 'string', format: 7 } }), { format: 'json-schema' })).toThrow(/format must be a string/);
  });
});

describe('every problem, every path', () => {
  it('a Dict DSL field declared twice loses neither declaration\'s problems', () => {
    let problems: { code: string; path: string }[] = [];
    try {
      adaptContract({
        id: 'c',
        fields: [
          { name: 'a', type: 'STRING', required: true },
          { name: 'b', type: 'STRING', required: true },
          { name: 'total', type: 'STRING', required: true, extraction_pattern: '(unclosed' },
          { name: 'total', type: 'STRING', required: true, extraction_pattern: '[bad' },
        ],
      });
    } catch (error) {
      problems = (error as { context: { problems: { code: string; path: string }[] } }).context.problems;
    }
    expect(problems.map((problem) => `${problem.code} ${problem.path}`)).toEqual(['DUPLICATE_FIELD fields[3]', 'INVALID_REGEX_PATTERN fields[2].extraction_pattern', 'INVALID_REGEX_PATTERN fields[3].extraction_pattern']);
  });

  it.each([
    ['Dict DSL', JSON.parse('{"id":"c","fields":[{"name":"__proto__","type":"STRING","required":true}]}')],
    ['JSON Schema', JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"ok":{"type":"string"}}}')],
    ['OpenAPI', JSON.parse('{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"components":{"schemas":{"C":{"type":"object","properties":{"constructor":{"type":"string"}}}}}}')],
  ])('a %s field named __proto__ or constructor is rejected with a clear problem, never lost', (_format, source) => {
    expect(() => adaptContract(source)).toThrow(/is reserved/);
  });
});
