/**
 * PP-OCRv4 text recognition, before and after the model: a line's crop (already scaled to
 * the model's height of 48) normalised as trained ((x/255 − 0.5)/0.5, BGR); the model's
 * per-step character probabilities decoded greedily (CTC: repeats collapsed, blanks
 * dropped) into words with their place along the line and their confidence.
 *
 * The space boost: the Chinese–Latin model rarely lets the space win a step between Latin
 * words ("JOHORBAHRU"), but gives it a little probability there; where the blank wins and
 * the space has more than `SPACE_BOOST_PROBABILITY`, a space is emitted — except inside a
 * number or before closing punctuation ("RM 73. 00" would break the total). Measured on
 * sroie-dev receipts (ADR 0019): names 61 → 74 % present exactly, addresses 12 → 30 %.
 */

/** Height of the recognition model's input. */
export const RECOGNITION_HEIGHT = 48;
/** Where the blank wins a step and the space is above this, a space is read. */
export const SPACE_BOOST_PROBABILITY = 0.05;
/**
 * Steps of blank a boosted space between two digits must span (a space a character wide:
 * "25/12/2018 8:13:39"); a shorter run is the gap between the digits of one number.
 */
export const DIGIT_SPACE_STEPS = 4;
/** A line read with a lower mean character probability is dropped (a stamp, a logo, noise). */
export const LINE_DROP_PROBABILITY = 0.5;

/** A word decoded from a line: its text, its steps (first and past-last) and its mean character probability. */
export interface DecodedWord {
  readonly text: string;
  readonly firstStep: number;
  readonly endStep: number;
  readonly confidence: number;
}

/** One line's decoding: its words and the mean probability of every character read. */
export interface DecodedLine {
  readonly words: readonly DecodedWord[];
  readonly confidence: number;
}

/** RGBA pixels of a crop `width` wide (of `paddedWidth`, zero beyond) into planar BGR, normalised to −1…1. */
export function recognitionInput(rgba: Uint8ClampedArray | Uint8Array, width: number, paddedWidth: number, target: Float32Array, offset: number): void {
  const plane = RECOGNITION_HEIGHT * paddedWidth;
  for (let y = 0; y < RECOGNITION_HEIGHT; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const source = (y * width + x) * 4;
      const place = offset + y * paddedWidth + x;
      target[place] = rgba[source + 2]! / 127.5 - 1;
      target[place + plane] = rgba[source + 1]! / 127.5 - 1;
      target[place + 2 * plane] = rgba[source]! / 127.5 - 1;
    }
  }
}

const DIGIT = /\p{Nd}/u;
const NUMBER_MARK = /[./\-:]/;
const BEFORE_NO_SPACE = /[.,:;)%]/;

/** False where a boosted space (spanning `steps` steps) would split a number or stand before closing punctuation. */
function spaceAllowed(before: string, after: string, steps: number): boolean {
  if (DIGIT.test(before) && DIGIT.test(after)) return steps >= DIGIT_SPACE_STEPS;
  if (DIGIT.test(before) && NUMBER_MARK.test(after)) return false;
  if (NUMBER_MARK.test(before) && DIGIT.test(after)) return false;
  if (BEFORE_NO_SPACE.test(after) || before === '(') return false;
  return true;
}

interface Token {
  readonly character: string;
  readonly step: number;
  readonly probability: number;
  /** A space the boost put in (not read by the model itself). */
  readonly boosted: boolean;
  /** Steps from the character before a space to the one after it. */
  gap: number;
}

/**
 * Greedy CTC decoding of one line: `probabilities` holds `steps` rows of `classes` values
 * (class 0 the blank, 1…n the dictionary, n + 1 the space).
 */
export function decodeLine(probabilities: Float32Array, offset: number, steps: number, classes: number, dictionary: readonly string[]): DecodedLine {
  const space = classes - 1;
  const tokens: Token[] = [];
  let previous = -1;
  for (let step = 0; step < steps; step += 1) {
    const row = offset + step * classes;
    let best = 0;
    let bestProbability = probabilities[row]!;
    for (let index = 1; index < classes; index += 1) {
      const probability = probabilities[row + index]!;
      if (probability > bestProbability) {
        best = index;
        bestProbability = probability;
      }
    }
    if (best === 0 && probabilities[row + space]! > SPACE_BOOST_PROBABILITY) {
      if (previous !== space) tokens.push({ character: ' ', step, probability: probabilities[row + space]!, boosted: true, gap: 0 });
      previous = space;
      continue;
    }
    if (best !== 0 && best !== previous) {
      const last = tokens[tokens.length - 1];
      if (last !== undefined && last.character === ' ') last.gap = step - (tokens[tokens.length - 2]?.step ?? last.step);
      tokens.push({ character: best === space ? ' ' : (dictionary[best - 1] ?? ''), step, probability: bestProbability, boosted: false, gap: 0 });
    }
    previous = best;
  }
  const kept = tokens.filter((token, index) => {
    if (!token.boosted) return true;
    const before = tokens[index - 1];
    const after = tokens[index + 1];
    return before !== undefined && after !== undefined && before.character !== ' ' && after.character !== ' ' && spaceAllowed(before.character, after.character, token.gap);
  });
  const words: DecodedWord[] = [];
  let current: Token[] = [];
  let sum = 0;
  let count = 0;
  const flush = () => {
    if (current.length === 0) return;
    const text = current.map((token) => token.character).join('');
    const confidence = current.reduce((total, token) => total + token.probability, 0) / current.length;
    words.push({ text, firstStep: current[0]!.step, endStep: current[current.length - 1]!.step + 1, confidence });
    current = [];
  };
  for (const token of kept) {
    if (token.character.trim().length === 0) {
      flush();
      continue;
    }
    current.push(token);
    sum += token.probability;
    count += 1;
  }
  flush();
  return { words, confidence: count === 0 ? 0 : sum / count };
}
