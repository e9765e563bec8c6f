import { canonicalJson, sha256Hex } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { EXPLICIT_EVIDENCE_SPEC } from './capabilities/explicit-evidence/explicit-evidence.js';
import { PATTERN_EXTRACTION_SPEC } from './capabilities/pattern-extraction/pattern-extraction.js';
import { businessLexicon } from '@paxman/values';
import { builtInLexicon, en16931Pack, packFingerprint } from '@paxman/knowledge';

/**
 * ADR 0010: step configs name lexicon concepts and the capabilities read their terms when
 * they run, so a capability version stands for one built-in lexicon (the built-in lexicon
 * packs of @paxman/knowledge, terms and word classes; ADR 0024). When this test fails because
 * the lexicon changed, bump the versions of `explicit_evidence` and `pattern_extraction`
 * and pin the new fingerprint with them (never the fingerprint alone). The same holds for
 * the EN 16931 knowledge pack that `explicit_evidence` binds fields to (ADR 0015).
 */
const PINNED = {
  lexicon: '6f55914699e02fbb6dc35c88f9b7a496ca12bf138987e9e1c288ac26a008b1f6',
  lexiconPacks: 'c9fc43477181712b78135660f4fc4b113eeb2c3dc46176b49dd360eff3be61ce',
  en16931: '51a22ac3c850c9e75cc647b3973e7f553fef7fce858e633c0e5e7efe5ed791a6',
  explicit_evidence: '1.19.0',
  pattern_extraction: '1.18.0',
};

describe('the lexicon is pinned by the capability versions', () => {
  it('has the fingerprint recorded with the current versions', () => {
    expect({
      lexicon: sha256Hex(canonicalJson(businessLexicon())),
      lexiconPacks: sha256Hex(canonicalJson(builtInLexicon().packs as never)),
      en16931: packFingerprint(en16931Pack()),
      explicit_evidence: EXPLICIT_EVIDENCE_SPEC.version,
      pattern_extraction: PATTERN_EXTRACTION_SPEC.version,
    }).toEqual(PINNED);
  });
});
