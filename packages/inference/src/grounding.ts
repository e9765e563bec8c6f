/**
 * Finds a model's quote in the source text with whitespace normalized (runs of
 * whitespace match any run of whitespace), and maps the match back to exact source
 * offsets so evidence points at the real text.
 */

export interface GroundedQuote {
  readonly start: number;
  readonly end: number;
  /** Number of places the quote occurs. */
  readonly occurrences: number;
}

function normalizeWithMap(text: string): { normalized: string; offsets: number[] } {
  let normalized = '';
  const offsets: number[] = [];
  let inWhitespace = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      if (!inWhitespace && normalized.length > 0) {
        normalized += ' ';
        offsets.push(index);
      }
      inWhitespace = true;
      continue;
    }
    inWhitespace = false;
    normalized += char;
    offsets.push(index);
  }
  if (normalized.endsWith(' ')) {
    normalized = normalized.slice(0, -1);
    offsets.pop();
  }
  return { normalized, offsets };
}

/** Where `quote` occurs in `source` (whitespace-normalized), or null. */
export function groundQuote(source: string, quote: string): GroundedQuote | null {
  const wanted = quote.replace(/\s+/g, ' ').trim();
  if (wanted.length === 0) return null;
  const { normalized, offsets } = normalizeWithMap(source);
  const first = normalized.indexOf(wanted);
  if (first < 0) return null;
  let occurrences = 0;
  for (let position = first; position >= 0; position = normalized.indexOf(wanted, position + 1)) occurrences += 1;
  return { start: offsets[first]!, end: offsets[first + wanted.length - 1]! + 1, occurrences };
}

/** The full lines of `source` that contain `[start, end)`. */
export function enclosingLines(source: string, start: number, end: number): string {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = source.indexOf('\n', end);
  return source.slice(lineStart, nextBreak < 0 ? source.length : nextBreak);
}
