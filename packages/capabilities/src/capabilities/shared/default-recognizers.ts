/**
 * The built-in value recognizers of `@paxman/values` behind the `ValueRecognizers` port.
 */
import { findValues, parseValue } from '@paxman/values';
import type { ValueRecognizers } from './recognizer-port.js';

/** The default recognizers. */
export const DEFAULT_RECOGNIZERS: ValueRecognizers = Object.freeze({ findValues, parseValue });
