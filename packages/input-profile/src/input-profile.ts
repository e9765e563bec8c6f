/**
 * The InputProfile (seed 000): the planner's only view of the input — five fields,
 * computed once per run, in one pass, with no side effects.
 */

/** The eight input types of the seed, spelled as the seed spells them. */
export const InputType = Object.freeze({
  TEXT: 'text',
  HTML: 'html',
  CSV: 'csv',
  JSON: 'json',
  PDF_TEXT: 'pdf_text',
  EMAIL: 'email',
  EMPTY: 'empty',
  UNKNOWN: 'unknown',
} as const);
export type InputType = (typeof InputType)[keyof typeof InputType];

export interface InputProfile {
  readonly inputType: InputType;
  /** Byte count of the input (UTF-8 encoded when a string was given). */
  readonly size: number;
  /** Lowercase hex sha256 of the input bytes. */
  readonly contentHash: string;
  /** Non-whitespace share of the content, in [0, 1]. */
  readonly density: number;
  readonly isEmpty: boolean;
}

/**
 * What a run of the pipeline reads of the profile: every field but `density`, whose count
 * of code points and white space is the only pass over every byte the profile would make
 * in JavaScript, and which no stage of a run reads (`makeRunProfile`).
 */
export type RunInputProfile = Omit<InputProfile, 'density'>;
