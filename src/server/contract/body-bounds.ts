/**
 * The most a request body may hold, derived from its schema in openapi.yaml: how deeply
 * it nests, how many values it has, and how many bytes it takes. Every string of a body
 * has a maxLength and every array a maxItems, so a body that fits the contract is bounded;
 * a body past these bounds cannot fit it and is refused before it is parsed or walked.
 */
export interface BodyBounds {
  /** Containers inside containers: `{}` is 1, `{"a":[1]}` is 2. */
  depth: number;
  /** Values, counting every object, array, string, number, boolean and null. */
  values: number;
  /** Bytes of the body written without whitespace, every character escaped (\uXXXX). */
  bytes: number;
}

type Schema = Record<string, unknown>;

/**
 * Where a body is refused for its size alone: a little past its bounds, it is left to the
 * schema, whose errors are more precise ("unexpected is not allowed"); twice past them, it
 * is refused as it is, without further work.
 */
export const refusalLimits = (b: BodyBounds): Pick<BodyBounds, 'depth' | 'values'> => ({ depth: b.depth + 2, values: 2 * b.values + 16 });

/** Why a body past its limits is refused (on the field `body`). */
export const boundMessage = {
  depth: (levels: number) => `is nested more than ${levels} levels deep`,
  values: (values: number) => `has more than ${values} values`,
};

/**
 * A part of a body the contract leaves open (an object with `additionalProperties: true`,
 * such as the body the API debugger forwards): bounded here instead, generously for what
 * such a part carries (a vendor's ping or post).
 */
export const OPEN_PART: BodyBounds = { depth: 8, values: 2_000, bytes: 64 * 1024 };

/** JSON text of one number at most: -1.7976931348623157e+308. */
const NUMBER_BYTES = 24;
const ESCAPED_CHAR_BYTES = 6;

const add = (a: BodyBounds, b: BodyBounds): BodyBounds => ({ depth: Math.max(a.depth, b.depth), values: a.values + b.values, bytes: a.bytes + b.bytes });
const widest = (all: BodyBounds[]): BodyBounds =>
  all.reduce((a, b) => ({ depth: Math.max(a.depth, b.depth), values: Math.max(a.values, b.values), bytes: Math.max(a.bytes, b.bytes) }), { depth: 0, values: 0, bytes: 0 });

/** The bounds of a value of `schema` ($refs resolved); throws on a string or array without a bound. */
export function bodyBounds(schema: Schema, at = '#'): BodyBounds {
  const branches = (['oneOf', 'anyOf'] as const).flatMap((k) => (schema[k] as Schema[] | undefined) ?? []);
  if (branches.length) return widest(branches.map((b, i) => bodyBounds({ ...schema, oneOf: undefined, anyOf: undefined, ...b }, `${at}/${i}`)));
  if (schema.allOf) throw new Error(`${at}: allOf is not supported in request bodies`);
  const types = schema.type === undefined ? ['object', 'array', 'string', 'number', 'boolean', 'null'] : [schema.type].flat();
  return widest(types.map((type) => boundsOfType(schema, String(type), at)));
}

function boundsOfType(schema: Schema, type: string, at: string): BodyBounds {
  const scalar = (bytes: number): BodyBounds => ({ depth: 0, values: 1, bytes });
  switch (type) {
    case 'string': {
      const choices = (schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined)) as unknown[] | undefined;
      if (choices) return scalar(Math.max(...choices.map((c) => JSON.stringify(c).length)));
      if (typeof schema.maxLength !== 'number') throw new Error(`${at}: a string without maxLength`);
      return scalar(2 + ESCAPED_CHAR_BYTES * schema.maxLength);
    }
    case 'integer':
    case 'number':
      return scalar(NUMBER_BYTES);
    case 'boolean':
      return scalar(5);
    case 'null':
      return scalar(4);
    case 'array': {
      if (typeof schema.maxItems !== 'number') throw new Error(`${at}: an array without maxItems`);
      const item = schema.items ? bodyBounds(schema.items as Schema, `${at}/items`) : OPEN_PART;
      return { depth: 1 + item.depth, values: 1 + schema.maxItems * item.values, bytes: 2 + schema.maxItems * (item.bytes + 1) };
    }
    case 'object':
      return objectBounds(schema, at);
    default:
      throw new Error(`${at}: unknown type ${type}`);
  }
}

function objectBounds(schema: Schema, at: string): BodyBounds {
  const properties = Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {});
  let inner: BodyBounds = { depth: 0, values: 0, bytes: 0 };
  for (const [name, property] of properties) {
    const b = bodyBounds(property, `${at}/properties/${name}`);
    inner = add(inner, { ...b, bytes: b.bytes + JSON.stringify(name).length + 2 });
  }
  const extra = schema.additionalProperties;
  if (extra === true || extra === undefined) inner = add(inner, OPEN_PART);
  else if (extra !== false) {
    // A map: as many entries as maxProperties, each key as long as propertyNames allows.
    const keyLength = (schema.propertyNames as Schema | undefined)?.maxLength;
    if (typeof schema.maxProperties !== 'number' || typeof keyLength !== 'number')
      throw new Error(`${at}: a map without maxProperties and propertyNames.maxLength`);
    const value = bodyBounds(extra as Schema, `${at}/additionalProperties`);
    const entry = value.bytes + 2 + ESCAPED_CHAR_BYTES * keyLength + 2;
    inner = add(inner, { depth: value.depth, values: schema.maxProperties * value.values, bytes: schema.maxProperties * entry });
  }
  return { depth: 1 + inner.depth, values: 1 + inner.values, bytes: 2 + inner.bytes };
}
