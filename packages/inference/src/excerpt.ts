/**
 * Chooses the part of a long document a model sees for one field: windows of lines
 * around mentions of the field's words (name, labels, description), merged and kept in
 * document order, bounded by a character budget. A short document is sent whole.
 */
import type { CanonicalField } from '@paxman/contract';

export interface ExcerptOptions {
  /** Character budget for the excerpt (about four characters per token). */
  readonly maxCharacters: number;
  /** Lines of context on each side of a mention. */
  readonly contextLines?: number;
}

const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'to', 'for', 'and', 'or', 'in', 'on', 'by', 'is', 'as', 'with', 'at', 'be', 'this', 'that', 'from', 'it', 'its', 'which', 'including', 'example']);

/** Lower-case words that suggest where a field is mentioned. */
export function fieldKeywords(field: CanonicalField): string[] {
  const text = [field.name, ...field.labels, field.description ?? ''].join(' ');
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
  return [...new Set(words)];
}

/** The excerpt and the offsets of the source lines it includes (for diagnostics). */
export function selectExcerpt(text: string, field: CanonicalField, options: ExcerptOptions): { excerpt: string; truncated: boolean } {
  if (text.length <= options.maxCharacters) return { excerpt: text, truncated: false };
  const lines = text.split('\n');
  const context = options.contextLines ?? 2;
  const keywords = fieldKeywords(field);
  const wanted = new Set<number>();
  lines.forEach((line, index) => {
    const lower = line.toLowerCase();
    if (keywords.some((keyword) => lower.includes(keyword))) {
      for (let offset = -context; offset <= context; offset += 1) {
        const target = index + offset;
        if (target >= 0 && target < lines.length) wanted.add(target);
      }
    }
  });
  const chosen: string[] = [];
  let used = 0;
  let previous = -2;
  for (const index of [...wanted].sort((a, b) => a - b)) {
    const line = lines[index]!;
    const separator = index === previous + 1 ? '' : chosen.length > 0 ? '…\n' : '';
    if (used + separator.length + line.length + 1 > options.maxCharacters) break;
    chosen.push(separator + line);
    used += separator.length + line.length + 1;
    previous = index;
  }
  if (chosen.length === 0) return { excerpt: text.slice(0, options.maxCharacters), truncated: true };
  return { excerpt: chosen.join('\n'), truncated: true };
}
