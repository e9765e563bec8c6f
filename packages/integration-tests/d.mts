import { readFileSync } from 'node:fs';
import { normalize } from 'paxman';
import { buildDocument } from '@paxman/document';
const contract = readFileSync('/work/eval-data/sroie-dev/contract.json', 'utf8');
for (const c of process.argv.slice(2)) {
  const text = readFileSync(`/work/eval-data/sroie-dev/cases/${c}.txt`, 'utf8');
  const a = await normalize(text, { contract });
  const r = a.fieldResults.total!;
  console.log(c, r.status, r.value, r.confidence, r.unresolvedReason ?? '');
  for (const e of a.evidence.filter((x) => x.fieldPath === 'total')) console.log('   ', e.kind, e.label ?? '', JSON.stringify(e.text));
  const d = await buildDocument(text, { inputType: 'text' });
  console.log('  ctx', JSON.stringify(d.context), d.keyValues.filter((p) => /total/i.test(p.key)).map((p) => `${p.source}:${p.key}=${p.value}:${p.region ?? ''}`).join(' | '));
}
