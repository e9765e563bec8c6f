/**
 * Which lines of a region repeat an earlier line's text. Structure detection asks some
 * questions of a line's text alone (its cells, whether it is a rule line, a bare label or
 * a tax summary heading); a long document prints the same header, footer and item rows
 * many times, so each question is asked of the first line with a text and the answer
 * reused for the lines that repeat it. The line texts are the Document's own strings, so
 * their hashes are computed once for every table keyed on them later in the run.
 */
/** For each line (or anything with a text), the index of the first line with the same text (its own index when it is the first). */
export function sameLines(lines: readonly { readonly text: string }[]): Int32Array {
  const first = new Int32Array(lines.length);
  const seen = new Map<string, number>();
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index]!.text;
    const earlier = seen.get(text);
    if (earlier === undefined) {
      seen.set(text, index);
      first[index] = index;
    } else {
      first[index] = earlier;
    }
  }
  return first;
}

/** Answers to a yes-or-no question about line texts, kept by the first line with each text. */
export interface LineAnswers {
  /** The answer for line `index`: `ask(first)` for the first line with its text, computed once. */
  get(index: number): boolean;
}

/** A memo of `ask` over distinct line texts (`same` from `sameLines`). */
export function lineAnswers(same: Int32Array, ask: (line: number) => boolean): LineAnswers {
  // 0: not asked yet, 1: yes, 2: no.
  const answers = new Uint8Array(same.length);
  return {
    get(index: number): boolean {
      const first = same[index]!;
      let answer = answers[first]!;
      if (answer === 0) {
        answer = ask(first) ? 1 : 2;
        answers[first] = answer;
      }
      return answer === 1;
    },
  };
}
