// Normalizes one file against one contract and prints the artifact's replay hash and id
// as JSON. Run in a separate process by the determinism test.
import { readFileSync } from 'node:fs';
import { normalize } from 'paxman';

const [inputPath, contractPath, policyJson] = process.argv.slice(2);
const artifact = await normalize(new Uint8Array(readFileSync(inputPath!)), {
  contract: readFileSync(contractPath!, 'utf8'),
  ...(policyJson === undefined ? {} : { policy: JSON.parse(policyJson) }),
});
process.stdout.write(`${JSON.stringify({ replayHash: artifact.replayHash, id: artifact.id, status: artifact.status })}\n`);
