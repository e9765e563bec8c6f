/**
 * A strict, incremental RFC 8259 validator over bytes. It answers two questions the
 * classifier needs and `JSON.parse` cannot: "is this whole input one JSON text?" and
 * "is this 8 KB prefix the start of some JSON text?" (a cut inside a string, number,
 * literal, `\u` escape or multi-byte character is fine). Strings must be strict UTF-8.
 */

const enum State {
  Value,
  ArrayFirst,
  ObjectFirst,
  Key,
  Colon,
  AfterValue,
  Done,
  String,
  Escape,
  Unicode,
  Literal,
  NumberMinus,
  NumberZero,
  NumberInteger,
  NumberDot,
  NumberFraction,
  NumberExponent,
  NumberExponentSign,
  NumberExponentDigit,
}

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}
/** True for an ASCII digit's code (a byte, or a UTF-16 code unit). */
export function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}
function isHexDigit(byte: number): boolean {
  return isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}

const LITERALS: Record<number, number[]> = {
  0x74: [0x72, 0x75, 0x65], // t-rue
  0x66: [0x61, 0x6c, 0x73, 0x65], // f-alse
  0x6e: [0x75, 0x6c, 0x6c], // n-ull
};

/**
 * Validates `bytes[0, end)`. With `mode: 'complete'` the range must be exactly one JSON
 * text (surrounded by optional whitespace); with `mode: 'prefix'` it must contain no
 * error, and running out of bytes anywhere is allowed.
 */
export function isValidJson(bytes: Uint8Array, end: number, mode: 'complete' | 'prefix'): boolean {
  const containers: number[] = [];
  let state: State = State.Value;
  let stringIsKey = false;
  let unicodeDigits = 0;
  let literal: number[] = [];
  let literalIndex = 0;
  let utf8Needed = 0;
  let utf8Lower = 0x80;
  let utf8Upper = 0xbf;
  let topLevelSeen = false;

  const afterValue = (): State => (containers.length === 0 ? State.Done : State.AfterValue);

  let index = 0;
  while (index < end) {
    const byte = bytes[index]!;
    switch (state) {
      case State.Value:
      case State.ArrayFirst: {
        if (isJsonWhitespace(byte)) break;
        if (state === State.ArrayFirst && byte === CLOSE_ARRAY) {
          containers.pop();
          state = afterValue();
          break;
        }
        if (containers.length === 0 && topLevelSeen) return false;
        topLevelSeen = true;
        if (byte === OPEN_OBJECT) {
          containers.push(OPEN_OBJECT);
          state = State.ObjectFirst;
        } else if (byte === OPEN_ARRAY) {
          containers.push(OPEN_ARRAY);
          state = State.ArrayFirst;
        } else if (byte === 0x22) {
          stringIsKey = false;
          state = State.String;
        } else if (byte === 0x2d) {
          state = State.NumberMinus;
        } else if (byte === 0x30) {
          state = State.NumberZero;
        } else if (isDigit(byte)) {
          state = State.NumberInteger;
        } else if (LITERALS[byte] !== undefined) {
          literal = LITERALS[byte]!;
          literalIndex = 0;
          state = State.Literal;
        } else {
          return false;
        }
        break;
      }
      case State.ObjectFirst:
      case State.Key: {
        if (isJsonWhitespace(byte)) break;
        if (state === State.ObjectFirst && byte === CLOSE_OBJECT) {
          containers.pop();
          state = afterValue();
          break;
        }
        if (byte !== 0x22) return false;
        stringIsKey = true;
        state = State.String;
        break;
      }
      case State.Colon: {
        if (isJsonWhitespace(byte)) break;
        if (byte !== 0x3a) return false;
        state = State.Value;
        break;
      }
      case State.AfterValue: {
        if (isJsonWhitespace(byte)) break;
        const container = containers[containers.length - 1];
        if (byte === 0x2c) {
          state = container === OPEN_OBJECT ? State.Key : State.Value;
        } else if ((byte === CLOSE_OBJECT && container === OPEN_OBJECT) || (byte === CLOSE_ARRAY && container === OPEN_ARRAY)) {
          containers.pop();
          state = afterValue();
        } else {
          return false;
        }
        break;
      }
      case State.Done: {
        if (!isJsonWhitespace(byte)) return false;
        break;
      }
      case State.String: {
        if (utf8Needed > 0) {
          if (byte < utf8Lower || byte > utf8Upper) return false;
          utf8Lower = 0x80;
          utf8Upper = 0xbf;
          utf8Needed -= 1;
          break;
        }
        if (byte === 0x22) {
          state = stringIsKey ? State.Colon : afterValue();
        } else if (byte === 0x5c) {
          state = State.Escape;
        } else if (byte < 0x20) {
          return false;
        } else if (byte >= 0x80) {
          if (byte >= 0xc2 && byte <= 0xdf) utf8Needed = 1;
          else if (byte >= 0xe0 && byte <= 0xef) {
            utf8Needed = 2;
            if (byte === 0xe0) utf8Lower = 0xa0;
            if (byte === 0xed) utf8Upper = 0x9f;
          } else if (byte >= 0xf0 && byte <= 0xf4) {
            utf8Needed = 3;
            if (byte === 0xf0) utf8Lower = 0x90;
            if (byte === 0xf4) utf8Upper = 0x8f;
          } else return false;
        }
        break;
      }
      case State.Escape: {
        if (byte === 0x75) {
          unicodeDigits = 0;
          state = State.Unicode;
        } else if ([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74].includes(byte)) {
          state = State.String;
        } else {
          return false;
        }
        break;
      }
      case State.Unicode: {
        if (!isHexDigit(byte)) return false;
        unicodeDigits += 1;
        if (unicodeDigits === 4) state = State.String;
        break;
      }
      case State.Literal: {
        if (byte !== literal[literalIndex]) return false;
        literalIndex += 1;
        if (literalIndex === literal.length) state = afterValue();
        break;
      }
      case State.NumberMinus: {
        if (byte === 0x30) state = State.NumberZero;
        else if (isDigit(byte)) state = State.NumberInteger;
        else return false;
        break;
      }
      case State.NumberDot:
      case State.NumberExponentSign:
      case State.NumberExponent: {
        if (state === State.NumberExponent && (byte === 0x2b || byte === 0x2d)) {
          state = State.NumberExponentSign;
          break;
        }
        if (!isDigit(byte)) return false;
        state = state === State.NumberDot ? State.NumberFraction : State.NumberExponentDigit;
        break;
      }
      case State.NumberZero:
      case State.NumberInteger:
      case State.NumberFraction:
      case State.NumberExponentDigit: {
        if (isDigit(byte) && state !== State.NumberZero) break;
        if (byte === 0x2e && (state === State.NumberZero || state === State.NumberInteger)) {
          state = State.NumberDot;
          break;
        }
        if ((byte === 0x65 || byte === 0x45) && state !== State.NumberExponentDigit) {
          state = State.NumberExponent;
          break;
        }
        // The number ended; this byte belongs to what follows it.
        state = afterValue();
        continue;
      }
    }
    index += 1;
  }
  if (mode === 'prefix') return true;
  if (state === State.Done) return true;
  const numberComplete = state === State.NumberZero || state === State.NumberInteger || state === State.NumberFraction || state === State.NumberExponentDigit;
  return numberComplete && containers.length === 0;
}
