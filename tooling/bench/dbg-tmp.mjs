import { normalize } from 'paxman';
import { readFileSync } from 'node:fs';
const dir = process.argv[2], id = process.argv[3], field = process.argv[4];
const contract = readFileSync(`${dir}/contract.json`, 'utf8');
const a = await normalize(readFileSync(`${dir}/cases/${id}.txt`), { contract });
const r = a.fieldResults[field];
console.log(JSON.stringify({ value: r.value, conf: r.confidence, band: r.band, reason: r.unresolvedReason, diags: r.diagnostics.map(d => d.code + ':' + d.message.slice(0, 120)) }, null, 1));
console.log(JSON.stringify(a.plan.fieldPlans.find(f => f.fieldPath === field).steps.map(s => s.capability)));
for (const e of a.evidence.filter(e => e.fieldPath === field)) console.log(e.kind, e.capability, JSON.stringify(e.label ?? e.pattern), JSON.stringify(e.text), JSON.stringify(e.detail).slice(0, 200));
