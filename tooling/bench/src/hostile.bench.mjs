/**
 * `pnpm bench:hostile`: every hostile input of the issue "Under attack" at full scale, each
 * in its own process — time to the artifact (or the refusal), peak RSS, and the diagnostic
 * that names the limit it hit. The bound is ≤ 2 s and ≤ 1 GB; a row over it says so.
 * A case still running after 120 s is killed and reported.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const child = fileURLToPath(new URL('./hostile-child.mjs', import.meta.url));
const benchFolder = fileURLToPath(new URL('..', import.meta.url));
const TIME_BOUND_MS = 2000;
const MEMORY_BOUND_MB = 1024;

function runCase(name) {
  const result = spawnSync(process.execPath, [child, name], { cwd: benchFolder, encoding: 'utf8', timeout: 120_000, maxBuffer: 1 << 20 });
  if (result.error !== undefined || result.status !== 0) return { name, iterations: 1, medianMs: Number.NaN, p10Ms: Number.NaN, p90Ms: Number.NaN, note: `did not finish (${result.error?.message ?? `exit ${result.status}`})` };
  const row = JSON.parse(result.stdout);
  const within = row.ms <= TIME_BOUND_MS && row.maxRssMb <= MEMORY_BOUND_MB;
  return {
    name: `hostile: ${name}`,
    iterations: 1,
    medianMs: row.ms,
    p10Ms: row.ms,
    p90Ms: row.ms,
    note: `${within ? 'within' : 'OVER'} 2 s / 1 GB · ${row.maxRssMb} MB · ${row.status}${row.limit === null ? '' : ` · ${row.limit}`}`,
  };
}

export function hostileBenchmarks() {
  const { cases } = JSON.parse(spawnSync(process.execPath, [child], { cwd: benchFolder, encoding: 'utf8' }).stdout);
  return cases.map(runCase);
}
