import AjvCompiler, { type ValidatorFactory } from '@fastify/ajv-compiler';
import SerializerSelector, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * Fastify's own schema compilers (AJV, fast-json-stringify), each route's validator and serializer
 * compiled on its first use instead of at startup: several hundred generated routes carry schemas
 * (engine/crud/route-schemas), and compiling them all would add a second or more to every start.
 */
export function lazyCompilers(): { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } {
  const ajv = AjvCompiler();
  const fjs = SerializerSelector();
  type Pool = Parameters<typeof ajv>;
  const buildValidator = ((external: Pool[0], options: Pool[1]) => {
    const compile = ajv(external, options);
    return (route: Parameters<typeof compile>[0]) => {
      let validate: Validate | undefined;
      const lazy: Validate = (data) => {
        validate ??= compile(route) as Validate;
        const result = validate(data);
        // Fastify reads a failed validation's errors from the function itself
        lazy.errors = validate.errors;
        return result;
      };
      return lazy;
    };
  }) as ValidatorFactory;
  const buildSerializer: SerializerFactory = (external, options) => {
    const compile = fjs(external, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc) => (serialize ??= compile(route))(doc);
    };
  };
  return { buildValidator, buildSerializer };
}
