import { readFileSync } from 'node:fs';
import { createRunMemo } from '@paxman/capability-spi';
import { defineContract } from '@paxman/contract';
import { buildDocument } from '@paxman/document';
import { DEFAULT_RECOGNIZERS } from '../capabilities/src/capabilities/shared/default-recognizers.ts';
import { configureClauseReading, createClauseReadingCapability } from '../capabilities/src/capabilities/clause-reading/clause-reading.ts';
const contract = defineContract({ id: 'a', fields: [{ path: 'agreement_date', type: 'DATE', description: 'Date of the agreement.' }, { path: 'effective_date', type: 'DATE', description: 'Date from which the agreement is in effect.' }] });
const capability = createClauseReadingCapability({ recognizers: DEFAULT_RECOGNIZERS });
for (const file of process.argv.slice(2)) {
  const document = await buildDocument(readFileSync(file, 'utf8'), { inputType: 'text' });
  for (const field of contract.fields) {
    const step = configureClauseReading(field);
    if ('skip' in step) continue;
    const result = await capability.invoke({ field, contract, config: step.config, document, resolved: new Map(), tables: {}, memo: createRunMemo() });
    console.log(file.split('/').pop()!.slice(0, 8), field.path, JSON.stringify(result.candidates.map((c) => c.value)), JSON.stringify(result.evidence.map((e) => e.text)));
  }
}
