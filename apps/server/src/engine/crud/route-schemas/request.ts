import { type FieldDef, isWritable, type ResourceDef, ruleOf } from '@tongxin/resources';
import type { QueryFields } from '../../../http/list-query.js';
import type { JsonSchema } from './json-schema.js';

const ID = '^\\d*$';
const INTEGER = '^\\s*-?\\d*\\s*$';

/** What a body may carry for a field. The types are as lenient as the engine (validate.ts): numbers may
 * come as text, text as numbers, a blank value clears; the rules themselves (named rules, patterns,
 * ranges) stay the engine's, whose Chinese messages answer any refusal (validation.ts). */
export function bodyFieldSchema(f: FieldDef): JsonSchema {
  const description = f.label.zh;
  const several = Boolean(f.ref?.multiple || f.multiple);
  switch (f.kind) {
    case 'int':
    case 'flag':
      return {
        type: ['integer', 'string', 'null'],
        pattern: f.kind === 'flag' ? '^\\s*[01]?\\s*$' : INTEGER,
        ...(f.kind === 'flag' ? { minimum: 0, maximum: 1 } : {}),
        description,
      };
    case 'decimal':
      return { type: ['number', 'string', 'null'], description };
    case 'long':
    case 'parent':
      return { type: ['integer', 'string', 'null'], pattern: ID, description };
    case 'date':
    case 'datetime':
      return {
        type: ['string', 'null'],
        description: `${description} (${f.kind === 'date' ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm:ss'})`,
      };
    case 'files':
    case 'images':
      return { description };
    default:
      return {
        type: several ? ['string', 'number', 'array', 'null'] : ['string', 'number', 'null'],
        // a field with a rule is measured after the rule normalises it (trimmed, 15-digit id cards
        // upgraded), so its raw length is not limited here
        // upgraded), and a sensitive field may come back as its mask (personal-data.ts), longer than
        // the value (政治面貌 `***`): the engine measures both
        ...(f.maxLength && f.kind !== 'richtext' && !ruleOf(f) && !f.sensitive
          ? { maxLength: f.maxLength }
          : {}),
        description,
      };
  }
}

/** The body of submit / save / update: the writable fields (required ones on `save`, which always
 * creates), `id` and the optimistic-locking `version`; other keys are ignored, as BladeX does. */
export function bodySchema(def: ResourceDef, mode: 'submit' | 'save' | 'update'): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: { type: ['string', 'integer', 'null'], pattern: ID, description: '主键 (更新时必填)' },
    version: { type: ['integer', 'string', 'null'], description: '版本号 (乐观锁)' },
  };
  if (def.tenant) properties.tenantId = { type: ['string', 'null'], description: '租户编号' };
  const writable = def.fields.filter(isWritable);
  for (const f of writable) properties[f.name] = bodyFieldSchema(f);
  const required =
    mode === 'save'
      ? writable.filter((f) => f.required && f.defaultValue === undefined).map((f) => f.name)
      : [];
  if (mode === 'update') required.push('id');
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: true,
  };
}

/** The query of list / page: paging, sorting and every allow-listed filter key with its operator
 * suffixes (`name_like`, `createTime_datege`, ...). Other keys reach the engine, which answers unknown
 * ones with its own 400 (`不支持的查询条件`). */
export function listQuerySchema(fields: QueryFields, extra: string[] = []): JsonSchema {
  const text = (description: string): JsonSchema => ({ type: 'string', description });
  const properties: Record<string, JsonSchema> = {
    current: text('页码 (从 1 开始)'),
    size: text('每页条数'),
    ascs: text('升序字段, 逗号分隔'),
    descs: text('降序字段, 逗号分隔'),
  };
  for (const name of extra) properties[name] = text(name);
  for (const [name, field] of Object.entries(fields)) {
    if (field.filter === false) continue;
    properties[name] = text(`${name} (${field.type})`);
    for (const suffix of field.ops ?? []) properties[`${name}${suffix}`] = text(`${name} ${suffix.slice(1)}`);
  }
  return { type: 'object', properties, additionalProperties: true };
}

/** A query of named parameters, all text. */
export function queryOfParams(params: Record<string, string>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, description] of Object.entries(params))
    properties[name] = { type: 'string', description };
  return { type: 'object', properties, additionalProperties: true };
}
