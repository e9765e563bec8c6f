/**
 * `makeProfile`: derives the InputProfile of raw input in one pass over the bytes (plus
 * node:crypto's hash and the bounded classification windows). A string is encoded as
 * UTF-8 with each lone surrogate replaced by U+FFFD — the only copy ever made.
 *
 * @example
 * makeProfile('Hello, World!\n');
 * // { inputType: 'text', size: 14, contentHash: 'c98c24b6…', density: 0.8571428571428571, isEmpty: false }
 */
import { createHash } from 'node:crypto';
import { InvalidInputError, InvalidInputProfileError, isSha256Hex } from '@paxman/core';
import { classifyInput } from './classify.js';
import { type InputProfile, InputType, type RunInputProfile } from './input-profile.js';
import { isAsciiWhitespaceByte, scanUtf8 } from './utf8-scan.js';

const INPUT_TYPES: readonly string[] = Object.values(InputType);
const encoder = new TextEncoder();

/** The bytes a profile (and the replay hash) is computed over. */
export function inputBytes(input: string | Uint8Array): Uint8Array {
  if (typeof input === 'string') return encoder.encode(input);
  if (input instanceof Uint8Array) return input;
  throw new InvalidInputError(`makeProfile expects a string or a Uint8Array, got ${input === null ? 'null' : typeof input}.`, {
    context: { received: input === null ? 'null' : typeof input },
  });
}

/** Builds a frozen profile after checking every invariant; throws `InvalidInputProfileError`. */
export function createInputProfile(fields: InputProfile): InputProfile {
  const problems: string[] = [];
  if (!INPUT_TYPES.includes(fields.inputType)) problems.push(`inputType must be one of ${INPUT_TYPES.join(', ')}, got ${String(fields.inputType)}`);
  if (!Number.isSafeInteger(fields.size) || fields.size < 0) problems.push(`size must be a non-negative integer, got ${String(fields.size)}`);
  if (typeof fields.density !== 'number' || !(fields.density >= 0 && fields.density <= 1)) problems.push(`density must be in [0, 1], got ${String(fields.density)}`);
  if (!isSha256Hex(fields.contentHash)) problems.push('contentHash must be 64 lowercase hex characters');
  if (typeof fields.isEmpty !== 'boolean') problems.push('isEmpty must be a boolean');
  if (problems.length > 0) {
    throw new InvalidInputProfileError(`Invalid InputProfile: ${problems.join('; ')}.`, { context: { problems } });
  }
  return Object.freeze({
    inputType: fields.inputType,
    size: fields.size,
    contentHash: fields.contentHash,
    density: fields.density,
    isEmpty: fields.isEmpty,
  });
}

/** True when some byte is not one of the six ASCII whitespace bytes (`scanUtf8`'s `hasContent`, found at the first such byte). */
function hasContent(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index += 1) if (!isAsciiWhitespaceByte(bytes[index]!)) return true;
  return false;
}

/**
 * The profile a run reads (`RunInputProfile`): `makeProfile`'s fields but `density`, so
 * the bytes are not counted one by one — emptiness stops at the first byte that is not
 * white space, the hash and the classification are native or bounded. Frozen.
 *
 * @example
 * makeRunProfile('Hello, World!\n');
 * // { inputType: 'text', size: 14, contentHash: 'c98c24b6…', isEmpty: false }
 */
export function makeRunProfile(input: string | Uint8Array): RunInputProfile {
  const bytes = inputBytes(input);
  return Object.freeze({
    inputType: classifyInput(bytes),
    size: bytes.length,
    contentHash: createHash('sha256').update(bytes).digest('hex'),
    isEmpty: !hasContent(bytes),
  });
}

/** The five-field profile of `input` (seed 000 with the fixture README's rulings). */
export function makeProfile(input: string | Uint8Array): InputProfile {
  const bytes = inputBytes(input);
  const size = bytes.length;
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const inputType = classifyInput(bytes);
  const scan = scanUtf8(bytes);
  const isEmpty = !scan.hasContent;
  let density = 0;
  if (inputType !== InputType.EMPTY && inputType !== InputType.UNKNOWN && size > 0) {
    // An unfinished sequence at the very end decodes to one more U+FFFD.
    const codePoints = scan.codePoints + (scan.endsInsideSequence ? 1 : 0);
    density = (codePoints - scan.densityWhitespace) / size;
  }
  return createInputProfile({ inputType, size, contentHash, density, isEmpty });
}
