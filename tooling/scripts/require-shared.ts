/**
 * Vitest global setup: the tests read `../shared` (fixtures, vectors, evaluation corpora,
 * bench inputs) from a folder beside the repository. Without it, stop at once with one
 * clear message instead of a score of files failing on ENOENT.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export default function requireShared(): void {
  const shared = resolve(import.meta.dirname, '../../../shared');
  if (!existsSync(resolve(shared, 'fixtures')) || !existsSync(resolve(shared, 'eval'))) {
    throw new Error(
      `The tests need the shared test data beside the repository: ${shared} (with fixtures/ and eval/) is missing. ` +
        'Put the `shared` folder next to your clone (CI does), then run `pnpm test` again.',
    );
  }
}
