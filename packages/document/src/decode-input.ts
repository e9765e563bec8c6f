/**
 * Decoding the raw input into the `input` text layer: UTF-8 with every invalid byte
 * sequence replaced by U+FFFD, and a given string made well-formed (lone surrogates →
 * U+FFFD) so every span of the Document slices to valid text.
 */

const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

/** Replaces lone UTF-16 surrogates with U+FFFD (what `String.prototype.toWellFormed` does on newer runtimes). */
export function toWellFormedText(text: string): string {
  // isWellFormed allocates nothing: a 100 MB input that is already well formed is not copied.
  const check = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof check === 'function' && check.call(text)) return text;
  const native = (text as { toWellFormed?: () => string }).toWellFormed;
  if (typeof native === 'function') return native.call(text);
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Decodes bytes as UTF-8 (BOM dropped, invalid sequences → U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** The input as text: bytes decoded as UTF-8, strings made well-formed (a leading BOM dropped). */
export function decodeInput(input: string | Uint8Array): string {
  if (typeof input === 'string') {
    const wellFormed = toWellFormedText(input);
    return wellFormed.charCodeAt(0) === 0xfeff ? wellFormed.slice(1) : wellFormed;
  }
  return decodeUtf8(input);
}

/** Decodes bytes in a declared charset, falling back to UTF-8 for unknown labels. */
export function decodeCharset(bytes: Uint8Array, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase();
  try {
    return toWellFormedText(new TextDecoder(label.length > 0 ? label : 'utf-8', { fatal: false }).decode(bytes));
  } catch {
    return decodeUtf8(bytes);
  }
}
