import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * How the server writes its answers: each route's response schema (zod) compiled once into a
 * serialiser (fast-json-stringify) that writes the schema's fields and nothing else, as zod's encoding
 * did, without walking the schema again for every answer, which zod's encoding does at a cost
 * docs/performance.md gives.
 *
 * The guard stays: a field the schema does not name is never written, at any depth, so that a column
 * added to a query cannot leak into an answer. A schema the compiler cannot follow exactly (a union
 * other than "or null" or of scalars, a transformation, a default, a recursive type) keeps zod's encoding.
 *
 * With `check`, every answer is also encoded by zod and the two must say the same (the order of an
 * object's fields aside: the compiled one writes the required ones first). The tests run so, over every
 * answer of every route they exercise.
 *
 * Answers a route marks as written natively (`writtenNatively`) are written by the engine's own
 * `JSON.stringify` instead.
 */

/** A JSON Schema node, as zod writes it. */
type Node = { [key: string]: unknown };

/** Zod types whose answer is not the schema's plain shape: their answers keep zod's encoding. */
const NOT_PLAIN = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'lazy', 'promise', 'custom']);

/** Keywords fast-json-stringify would have to validate at run time to pick a shape, or cannot follow. */
const NOT_COMPILED = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'patternProperties', 'prefixItems'];

/** `anyOf: [X, {type: 'null'}]`, zod's `.nullable()`, as `type: [X's type, 'null']`. */
function withNullsMerged(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(withNullsMerged);
  }
  if (node === null || typeof node !== 'object') {
    return node;
  }
  const entries = Object.entries(node as Node).map(([key, value]) => [key, withNullsMerged(value)] as const);
  const merged: Node = Object.fromEntries(entries);
  const anyOf = merged.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(merged).length === 1) {
    const isNull = (candidate: unknown) =>
      typeof candidate === 'object' &&
      candidate !== null &&
      (candidate as Node).type === 'null' &&
      Object.keys(candidate).length === 1;
    const other = anyOf.find((candidate) => !isNull(candidate)) as Node | undefined;
    if (other && anyOf.some(isNull) && typeof other.type === 'string') {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return merged;
}

/**
 * The types a value may take in one place that the compiler tells apart by `typeof` alone, writing the
 * value as it is (a group's key: a text, a year or null).
 */
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * Whether a schema needs what the compiler cannot follow: a keyword of NOT_COMPILED, or several types
 * other than scalars, or a type or null.
 */
function needsZod(node: unknown): boolean {
  if (Array.isArray(node)) {
    return node.some(needsZod);
  }
  if (node === null || typeof node !== 'object') {
    return false;
  }
  const { type } = node as Node;
  if (
    Array.isArray(type) &&
    !(type.length === 2 && type[1] === 'null') &&
    !type.every((name) => SCALAR_TYPES.has(name))
  ) {
    return true;
  }
  return Object.entries(node as Node).some(([key, value]) => NOT_COMPILED.includes(key) || needsZod(value));
}

/** The JSON Schema a compiled serialiser can follow exactly, or null when zod must keep encoding. */
export function compilableSchema(schema: z.ZodType): Node | null {
  let plain = true;
  let json: Node;
  try {
    json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'throw',
      override: ({ zodSchema }) => {
        if (NOT_PLAIN.has(zodSchema._zod.def.type)) {
          plain = false;
        }
      },
    }) as Node;
  } catch {
    return null;
  }
  const merged = withNullsMerged(json) as Node;
  return plain && !needsZod(merged) ? merged : null;
}

function zodEncoder(schema: z.ZodType, method: string, url: string): (data: unknown) => string {
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) {
      throw new Error(`The answer of ${method} ${url} does not match its schema`, { cause: result.error });
    }
    return JSON.stringify(result.data);
  };
}

/** The route's schema as Fastify hands it: a zod type. */
function zodOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) {
    return schema;
  }
  throw new Error('A response schema of this server is a zod type');
}

/** The response schemas whose answers `JSON.stringify` writes (`writtenNatively`). */
const NATIVE = new WeakSet<z.ZodType>();

/**
 * Marks a response schema whose answers the engine's own `JSON.stringify` writes: answers of megabytes
 * that the server computes whole, the outcomes' curves, where the compiled serialiser's thousands of
 * concatenations cost more than the native one's single flat string and its garbage
 * (docs/performance.md). The guard does not apply to them, so a route marks only an answer built field
 * by field in its own code, which no row of a query reaches; the tests' check (zod's encoding, which
 * writes only the schema's fields, must say the same) still covers them.
 */
export function writtenNatively<T extends z.ZodType>(schema: T): T {
  NATIVE.add(schema);
  return schema;
}

/** Fastify's serializer compiler for every route's answers (`app.setSerializerCompiler`). */
export function createSerializerCompiler({ check = false }: { check?: boolean } = {}) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = zodOf(schema);
    const encode = zodEncoder(zodSchema, method, url);
    const native = NATIVE.has(zodSchema);
    const json = native ? null : compilableSchema(zodSchema);
    if (!native && !json) {
      return encode;
    }
    const stringify = json ? fastJson(json) : (data: unknown) => JSON.stringify(data);
    if (!check) {
      return (data: unknown) => stringify(data);
    }
    return (data: unknown) => {
      const expected = encode(data);
      const written = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The written answer of ${method} ${url} differs from zod's:\n${written}\n${expected}`,
        );
      }
      return written;
    };
  };
}
