/**
 * What a JSON Schema / OpenAPI `format` means to a contract. A format is an annotation
 * unless Paxman has a meaning for it: `date` (a DATE field), `date-time`, `email` and `uri`
 * (STRING `format` constraints the reconciler checks), `uuid` (a pattern), the integer
 * widths `int8`…`int64` and `uint8`…`uint64` (bounds on an INTEGER or DECIMAL field).
 * Every other format (`float`, `double`, `byte`, `binary`, `password`, `hostname`, `ipv4`,
 * `uri-reference`, …) is kept as an annotation: the adapter reports it as a note (INFO),
 * never rejects the schema.
 */
import { FieldType } from '@paxman/core';
import type { Constraint } from '../../model.js';
import { SUPPORTED_FORMATS } from './keywords.js';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Integer widths as [min, max], exact decimal strings (int64 is past Number's safe range). */
const INTEGER_WIDTHS: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  int8: ['-128', '127'],
  int16: ['-32768', '32767'],
  int32: ['-2147483648', '2147483647'],
  int64: ['-9223372036854775808', '9223372036854775807'],
  uint8: ['0', '255'],
  uint16: ['0', '65535'],
  uint32: ['0', '4294967295'],
  uint64: ['0', '18446744073709551615'],
});

const NUMERIC_TYPES: readonly FieldType[] = [FieldType.INTEGER, FieldType.DECIMAL];

/** The constraints a format stands for on a field of `type`, or null when it is only an annotation. */
export function formatConstraints(format: string, type: FieldType): readonly Constraint[] | null {
  if (type === FieldType.STRING && SUPPORTED_FORMATS.includes(format)) return [{ kind: 'format', params: { format } }];
  if (type === FieldType.STRING && format === 'uuid') return [{ kind: 'pattern', params: { regex: UUID_PATTERN } }];
  const width = INTEGER_WIDTHS[format];
  if (width !== undefined && NUMERIC_TYPES.includes(type)) {
    return [
      { kind: 'min_value', params: { min: width[0] } },
      { kind: 'max_value', params: { max: width[1] } },
    ];
  }
  return null;
}
