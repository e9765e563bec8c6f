/**
 * The built-in EN 16931 pack (`en16931@1.0.0`): the data lives in `en16931.json`, which
 * a user can copy as the model of a pack of their own; this module only validates it once.
 */
import { lazyConstant } from '@paxman/core';
import type { KnowledgePack } from '../knowledge-pack.js';
import { validateKnowledgePack } from '../knowledge-pack.js';
import data from './en16931.json';

/** The EN 16931 business terms pack, validated and frozen. */
export const en16931Pack: () => KnowledgePack = lazyConstant(() => validateKnowledgePack(data));
