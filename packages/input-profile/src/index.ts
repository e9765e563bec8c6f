/**
 * @paxman/input-profile — `makeProfile`: the five-field profile of the raw input
 * (seed 000): input type, byte size, sha256, density and emptiness.
 */
export { InputType, type InputProfile, type RunInputProfile } from './input-profile.js';
export { makeProfile, makeRunProfile, createInputProfile, inputBytes } from './make-profile.js';
export { classifyInput, hasPdfMagic, sniffImageFormat, type ImageFormat, isInputType, refineTextType, sniffCsvDelimiter, CLASSIFICATION_WINDOW, JSON_CHECK_LIMIT } from './classify.js';
