/** The JSON Schema subset the route schemas use (Fastify validates with AJV, serializes with
 * fast-json-stringify, and @fastify/swagger turns them into the OpenAPI document). */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
}

/** Fastify's `schema` option of a route, with the OpenAPI tag and summary. */
export interface RouteSchema {
  tags?: string[];
  summary?: string;
  description?: string;
  querystring?: JsonSchema;
  body?: JsonSchema;
  response?: Record<number, JsonSchema>;
}

/** The BladeX envelope `{code, success, data, msg}` around `data`. */
export const envelope = (data: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  properties: {
    code: { type: 'integer' },
    success: { type: 'boolean' },
    data,
    msg: { type: 'string' },
  },
});

/** An untyped value of the answer (serialized as JSON.stringify would). */
export const anyValue = (description?: string): JsonSchema => (description ? { description } : {});
