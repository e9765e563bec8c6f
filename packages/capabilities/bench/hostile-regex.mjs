// Prints how long the safe (RE2) engine takes on a catastrophic-backtracking pattern.
// Run: node packages/capabilities/bench/hostile-regex.mjs  (from the repo root)
import { RE2JS } from 're2js';

const input = `${'a'.repeat(50_000)}!`;
for (const pattern of ['(a+)+$', '(a|aa)+$', '(a*)*b', '^(\\w+\\s?)*$']) {
  const started = performance.now();
  const matched = RE2JS.compile(pattern).matcher(input).find();
  const elapsed = performance.now() - started;
  console.log(`${pattern.padEnd(14)} on 50 000 a + '!': ${elapsed.toFixed(1)} ms (matched: ${matched})`);
}
