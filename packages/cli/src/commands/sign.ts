/**
 * `paxman sign <artifact> [--key <file>] [--out <file>]` and `paxman verify <artifact>
 * [--public-key <file>]`: Ed25519 signatures that tell a receiver who produced an artifact.
 * Keys are PEM files (`openssl genpkey -algorithm ed25519 -out paxman.key` and
 * `openssl pkey -in paxman.key -pubout -out paxman.pub`) or PEM text in the environment
 * (`PAXMAN_SIGNING_KEY`, `PAXMAN_VERIFY_KEY`). `sign` checks the replay hash first and
 * writes the signed artifact (stdout, or `--out` atomically); `verify` checks the hash and
 * the signature and prints the signer's key id. Exit status: 0, 1 when the artifact cannot
 * be read or does not verify, 2 for usage (no key, unreadable key file).
 */
import type { Command } from 'commander';
import { PaxmanError, parseArtifact, serializeArtifact, signArtifact, verifyArtifactSignature } from 'paxman';
import type { CommandContext } from '../io.js';
import { UsageError, readInputFile } from './option-files.js';
import { InputError, readCommandInput } from './read-input.js';
import { writeFileAtomically } from './write-file.js';

/** The PEM text of a key: the file named by the option, else the environment variable. */
async function keyText(file: string | undefined, variable: string, what: string): Promise<string> {
  if (file !== undefined) return (await readInputFile(file, what)).toString('utf8');
  const fromEnvironment = process.env[variable];
  if (fromEnvironment !== undefined && fromEnvironment.trim().length > 0) return fromEnvironment;
  throw new UsageError(`no ${what}: give --${what === 'signing key' ? 'key' : 'public-key'} <file> or set ${variable}`);
}

async function run(name: string, context: CommandContext, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof UsageError) {
      context.io.stderr.write(`paxman ${name}: ${error.message}\n`);
      context.setExitCode(2);
      return;
    }
    if (error instanceof InputError || PaxmanError.isInstance(error)) {
      context.io.stderr.write(`paxman ${name}: ${PaxmanError.isInstance(error) ? `${error.code}: ` : ''}${error.message}\n`);
      context.setExitCode(1);
      return;
    }
    throw error;
  }
}

export function registerSignCommands(program: Command, context: CommandContext): void {
  program
    .command('sign')
    .description('sign an artifact (Ed25519) so a receiver can tell who produced it; the replay hash is unchanged')
    .argument('<artifact>', 'artifact JSON file (- for standard input)')
    .option('--key <file>', 'PEM Ed25519 private key (default: the PEM text in PAXMAN_SIGNING_KEY)')
    .option('-o, --out <file>', 'write the signed artifact there (atomically) instead of to stdout')
    .action((file: string, options: { key?: string; out?: string }) =>
      run('sign', context, async () => {
        const key = await keyText(options.key, 'PAXMAN_SIGNING_KEY', 'signing key');
        const artifact = parseArtifact((await readCommandInput(file, { what: 'artifact', io: context.io })).toString('utf8'));
        const signed = `${serializeArtifact(signArtifact(artifact, key))}\n`;
        if (options.out === undefined) context.io.stdout.write(signed);
        else await writeFileAtomically(options.out, signed);
      }),
    );
  program
    .command('verify')
    .description("check an artifact's replay hash and its signature against a public key; prints the signer's key id")
    .argument('<artifact>', 'signed artifact JSON file (- for standard input)')
    .option('--public-key <file>', 'PEM Ed25519 public key (default: the PEM text in PAXMAN_VERIFY_KEY)')
    .action((file: string, options: { publicKey?: string }) =>
      run('verify', context, async () => {
        const key = await keyText(options.publicKey, 'PAXMAN_VERIFY_KEY', 'public key');
        const artifact = parseArtifact((await readCommandInput(file, { what: 'artifact', io: context.io })).toString('utf8'));
        const keyId = verifyArtifactSignature(artifact, key);
        context.io.stdout.write(`signed by ${keyId}, replay hash ${artifact.replayHash}\n`);
      }),
    );
}
