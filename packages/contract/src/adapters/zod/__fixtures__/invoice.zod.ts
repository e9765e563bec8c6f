/**
 * A realistic Zod invoice contract: nested parties, line items, enums, literals, optional /
 * nullable / default members, descriptions and Paxman metadata.
 */
import { z } from 'zod';
import { money } from '../money.js';

export const Address = z.object({
  street: z.string().optional(),
  city: z.string().min(1),
  country: z.string().length(2).describe('ISO 3166-1 alpha-2 code.'),
});

export const Party = z.object({
  name: z.string().min(1).meta({ labels: ['company', 'legal name'], confidenceThreshold: 0.9 }),
  vat_id: z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,12}$/).nullable().optional(),
  email: z.email().optional(),
  address: Address.optional(),
});

export const LineItem = z.object({
  description: z.string().min(1),
  quantity: z.number().positive(),
  unit_price: money({ amount: 'number' }).optional(),
  amount: money({ amount: 'number' }).describe('quantity × unit price'),
});

export const Invoice = z
  .object({
    document_type: z.literal('INVOICE'),
    invoice_number: z.string().min(1).max(64).describe('Unique invoice identifier.').meta({ labels: ['Invoice No.', 'Invoice #'] }),
    issue_date: z.iso.date(),
    due_date: z.iso.date().nullable(),
    status: z.enum(['draft', 'issued', 'paid']).default('issued').meta({ fallback: 'USE_DEFAULT', synonyms: { paid: ['settled'] } }),
    seller: Party,
    buyer: Party.extend({ customer_number: z.string().optional() }),
    line_items: z.array(LineItem).min(1),
    notes: z.array(z.string().max(500)).optional(),
    line_count: z.int().min(1).optional(),
    tax_rate: z.number().min(0).max(1).optional(),
    subtotal: money({ amount: 'number' }).optional(),
    total: money({ currency: 'EUR' }).meta({ labels: ['amount due', 'grand total'] }),
    paid: z.boolean().optional(),
    website: z.url().optional(),
    created_at: z.iso.datetime().optional(),
  })
  .meta({ title: 'invoice', description: 'A supplier invoice.', version: '2' });
