/**
 * The built-in lexicon packs: English, German, French, Spanish, Italian, Dutch, Portuguese,
 * Polish and Latvian, and the Malaysian overlay (`ms-MY`). The data lives in
 * `lexicon/*.json`, which a user can copy as the model of a pack for their own language;
 * this module only validates the packs once.
 */
import { lazyConstant } from '@paxman/core';
import type { KnowledgePack } from '../knowledge-pack.js';
import { validateKnowledgePack } from '../knowledge-pack.js';
import { compileLexicon, type CompiledLexicon } from '../lexicon.js';
import de from './lexicon/lexicon-de.json';
import en from './lexicon/lexicon-en.json';
import es from './lexicon/lexicon-es.json';
import fr from './lexicon/lexicon-fr.json';
import it from './lexicon/lexicon-it.json';
import lv from './lexicon/lexicon-lv.json';
import msMy from './lexicon/lexicon-ms-my.json';
import nl from './lexicon/lexicon-nl.json';
import pl from './lexicon/lexicon-pl.json';
import pt from './lexicon/lexicon-pt.json';

/** The built-in lexicon packs, validated and frozen, English first. */
export const builtInLexiconPacks: () => readonly KnowledgePack[] = lazyConstant(() =>
  Object.freeze([en, de, fr, es, it, nl, pt, pl, lv, msMy].map((data) => validateKnowledgePack(data))),
);

/** The built-in lexicon packs merged (`compileLexicon`), compiled once. */
export const builtInLexicon: () => CompiledLexicon = lazyConstant(() => compileLexicon(builtInLexiconPacks()));
