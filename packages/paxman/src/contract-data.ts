/**
 * Type-level inference of `normalizedData` from a contract. A Zod schema gives exactly
 * its output type (`z.infer`); a JSON Schema or Dict DSL contract written `as const`
 * gives a loose structural type (property names and scalar types); anything else gives
 * a JSON record. Runtime behaviour never depends on these types.
 */
import type { JsonValue } from '@paxman/core';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Zod 4 (and any Standard Schema) output type. */
type SchemaOutput<C> = C extends { readonly _zod: { readonly output: infer Output } }
  ? Output
  : C extends { readonly '~standard': { readonly types?: infer Types } }
    ? NonNullable<Types> extends { readonly output: infer Output }
      ? Output
      : never
    : never;

/** The JSON value of a JSON Schema node written `as const`. */
type FromJsonSchema<S> = S extends { readonly enum: readonly (infer Value)[] }
  ? Value
  : S extends { readonly const: infer Value }
    ? Value
    : S extends { readonly 'x-paxman-type': 'MONEY' }
      ? { amount: string | number; currency: string }
      : S extends { readonly type: 'object'; readonly properties: infer Properties }
        ? Simplify<{ -readonly [K in keyof Properties]?: FromJsonSchema<Properties[K]> }>
        : S extends { readonly type: 'array'; readonly items: infer Items }
          ? FromJsonSchema<Items>[]
          : S extends { readonly type: 'string' }
            ? string
            : S extends { readonly type: 'integer' | 'number' }
              ? number | string
              : S extends { readonly type: 'boolean' }
                ? boolean
                : S extends { readonly type: readonly (infer Types)[] }
                  ? FromJsonSchema<{ readonly type: Exclude<Types, 'null'> }> | (null extends Types ? null : 'null' extends Types ? null : never)
                  : JsonValue;

/** The canonical encoding of a Dict DSL field type. */
type FromDictDslType<F> = F extends { readonly type: 'MONEY' }
  ? { amount: string; currency: string }
  : F extends { readonly type: 'DECIMAL' | 'STRING' | 'DATE' }
    ? string
    : F extends { readonly type: 'INTEGER' }
      ? number
      : F extends { readonly type: 'BOOLEAN' }
        ? boolean
        : F extends { readonly type: 'ENUM'; readonly enum_values: readonly (infer Value)[] }
          ? Value
          : F extends { readonly type: 'ENUM' }
            ? string
            : F extends { readonly type: 'OBJECT'; readonly fields: infer Members extends readonly unknown[] }
              ? FromDictDslFields<Members>
              : JsonValue;

type FromDictDslFields<Fields extends readonly unknown[]> = Simplify<{
  -readonly [F in Fields[number] as F extends { readonly name: infer Name extends string } ? Name : never]?: FromDictDslType<F>;
}>;

/**
 * The `normalizedData` type for a contract source `C`.
 * @example type Data = ContractData<typeof invoiceSchema> // z.infer<typeof invoiceSchema> for a Zod schema
 */
export type ContractData<C> = [SchemaOutput<C>] extends [never]
  ? C extends { readonly type: 'object'; readonly properties: object }
    ? FromJsonSchema<C>
    : C extends { readonly fields: infer Fields extends readonly { readonly name: string; readonly type: string }[] }
      ? string extends Fields[number]['name']
        ? Readonly<Record<string, JsonValue>>
        : FromDictDslFields<Fields>
      : Readonly<Record<string, JsonValue>>
  : SchemaOutput<C>;
