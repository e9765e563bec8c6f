/**
 * Type tests: `normalizedData` is typed from the contract — exactly `z.infer` for a Zod
 * schema, structurally for a JSON Schema or Dict DSL contract written `as const`, and a
 * JSON record otherwise.
 */
import { type ArtifactReview, type ExecutionArtifact, type JsonValue, type ReplayedArtifact, createPaxman, normalize, replay } from 'paxman';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const invoiceSchema = z.object({
  invoice_number: z.string(),
  issued_on: z.string(),
  total: z.object({ amount: z.number(), currency: z.string() }),
  line_count: z.number().int().optional(),
  paid: z.boolean(),
  status: z.enum(['open', 'paid', 'void']),
});

describe('normalizedData typing', () => {
  it('is z.infer of a Zod contract (every top-level field optional: only resolved fields are present)', async () => {
    const artifact = await normalize('Invoice INV-1', { contract: invoiceSchema });
    expectTypeOf(artifact.normalizedData).toEqualTypeOf<Partial<z.infer<typeof invoiceSchema>>>();
    expectTypeOf(artifact.normalizedData.total).toEqualTypeOf<{ amount: number; currency: string } | undefined>();
    expectTypeOf(artifact.normalizedData.status).toEqualTypeOf<'open' | 'paid' | 'void' | undefined>();
    // @ts-expect-error a field the schema does not declare
    void artifact.normalizedData.not_a_field;
  });

  it('follows the contract through an instance and through replay', async () => {
    const paxman = createPaxman();
    const artifact = await paxman.normalize(new Uint8Array(), { contract: invoiceSchema });
    expectTypeOf(artifact.normalizedData.paid).toEqualTypeOf<boolean | undefined>();
    const verified = await replay('{}', { contract: invoiceSchema });
    expectTypeOf(verified).toEqualTypeOf<ReplayedArtifact<z.infer<typeof invoiceSchema>>>();
    expectTypeOf(verified).toMatchTypeOf<ExecutionArtifact<z.infer<typeof invoiceSchema>>>();
    expectTypeOf(verified.review).toEqualTypeOf<ArtifactReview | undefined>();
  });

  it('is structural for a JSON Schema written as const', async () => {
    const schema = {
      type: 'object',
      properties: {
        invoice_number: { type: 'string' },
        paid: { type: 'boolean' },
        priority: { enum: ['low', 'high'] },
        buyer: { type: 'object', properties: { name: { type: 'string' } } },
      },
      required: ['invoice_number'],
    } as const;
    const artifact = await normalize('x', { contract: schema });
    expectTypeOf(artifact.normalizedData.invoice_number).toEqualTypeOf<string | undefined>();
    expectTypeOf(artifact.normalizedData.priority).toEqualTypeOf<'low' | 'high' | undefined>();
    expectTypeOf(artifact.normalizedData.buyer).toEqualTypeOf<{ name?: string } | undefined>();
  });

  it('is structural for a Dict DSL contract written as const', async () => {
    const contract = {
      id: 'invoice',
      fields: [
        { name: 'total_amount', type: 'MONEY', required: true },
        { name: 'invoice_date', type: 'DATE', required: true },
        { name: 'currency_code', type: 'ENUM', required: true, enum_values: ['USD', 'EUR'] },
        { name: 'line_count', type: 'INTEGER', required: false },
      ],
    } as const;
    const artifact = await normalize('x', { contract });
    expectTypeOf(artifact.normalizedData.total_amount).toEqualTypeOf<{ amount: string; currency: string } | undefined>();
    expectTypeOf(artifact.normalizedData.currency_code).toEqualTypeOf<'USD' | 'EUR' | undefined>();
    expectTypeOf(artifact.normalizedData.line_count).toEqualTypeOf<number | undefined>();
  });

  it('is a JSON record for a contract known only at run time', async () => {
    const contract: unknown = JSON.parse('{}');
    const artifact = await normalize('x', { contract });
    expectTypeOf(artifact.normalizedData).toEqualTypeOf<Partial<Readonly<Record<string, JsonValue>>>>();
  });
});
