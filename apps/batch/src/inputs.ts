/**
 * What a batch reads: every file under a folder (recursively, hidden files and artifacts
 * left out, in sorted order), or the rows of a CSV manifest (`path` column, optional
 * `contract` column per row; paths relative to the manifest).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';

export interface BatchInput {
  /** Absolute path of the document. */
  readonly path: string;
  /** Its name in the output: the path relative to the input folder, `/` → `__`. */
  readonly name: string;
  /** A contract file for this document only (manifest), else the batch's. */
  readonly contractPath?: string;
}

export class BatchUsageError extends Error {
  override readonly name = 'BatchUsageError';
}

function outputName(path: string): string {
  return path.split(/[\\/]/).join('__');
}

function walk(folder: string, root: string, found: BatchInput[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, root, found);
    else if (entry.isFile() && !entry.name.endsWith('.artifact.json') && !entry.name.endsWith('.expected.json')) found.push({ path, name: outputName(relative(root, path)) });
  }
}

/** The inputs of a folder or a CSV manifest. */
export function listInputs(source: string): BatchInput[] {
  const absolute = resolve(source);
  let stat;
  try {
    stat = statSync(absolute);
  } catch {
    throw new BatchUsageError(`${source}: no such file or folder`);
  }
  if (stat.isDirectory()) {
    const found: BatchInput[] = [];
    walk(absolute, absolute, found);
    return found;
  }
  if (!absolute.toLowerCase().endsWith('.csv')) throw new BatchUsageError(`${source}: give a folder or a CSV manifest`);
  const rows = parse(readFileSync(absolute, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const base = dirname(absolute);
  return rows.map((row, index) => {
    if (!row['path']) throw new BatchUsageError(`${source}: row ${index + 2} has no path`);
    const path = resolve(base, row['path']);
    return { path, name: outputName(row['path']), ...(row['contract'] ? { contractPath: resolve(base, row['contract']) } : {}) };
  });
}
