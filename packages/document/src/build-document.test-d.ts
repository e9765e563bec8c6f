/** Type tests of the Document builder's public API. */
import { describe, expectTypeOf, it } from 'vitest';
import type { SourceSpan } from '@paxman/core';
import { buildDocument, mapSpanToInput, type Document } from './index.js';

describe('public types', () => {
  it('buildDocument takes a string or bytes and resolves to a Document', () => {
    expectTypeOf(buildDocument).parameter(0).toEqualTypeOf<string | Uint8Array>();
    expectTypeOf(buildDocument).returns.resolves.toEqualTypeOf<Document>();
  });

  it('the Document is read-only', () => {
    // @ts-expect-error a readonly array has no push
    ((document: Document) => document.keyValues.push)(null as unknown as Document);
    expectTypeOf(mapSpanToInput).returns.toEqualTypeOf<{ readonly span: SourceSpan; readonly exact: boolean } | null>();
  });
});
