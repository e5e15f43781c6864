import { type ActionDef, labelFieldOf, type ResourceDef } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../../auth/guard.js';
import type { AuthUser } from '../../../auth/tokens.js';
import { parseListQuery, type QueryFields } from '../../../http/list-query.js';
import { anyValue, envelope, type JsonSchema, type RouteSchema } from './json-schema.js';
import { pageSchema, recordSchema } from './record.js';
import { bodySchema, listQuerySchema, queryOfParams } from './request.js';
import { answerInvalid } from './validation.js';

export type { JsonSchema, RouteSchema } from './json-schema.js';

/** The schema part of a route's options: the schema, and the refusal in the engine's words. */
export interface SchemaOptions {
  schema: RouteSchema;
  attachValidation?: true;
  preHandler?: (request: FastifyRequest) => Promise<void>;
}

const ANY_ROWS: JsonSchema = { type: 'array', items: { type: 'object', additionalProperties: true } };
const NO_DATA = envelope(anyValue('null'));

/**
 * The route schemas of one resource, all derived from its definition (no per-resource code): the query
 * (paging, the allow-listed filters with their operator suffixes, sorts), the body (the writable fields
 * with their types and lengths) and the answer (the envelope around a record or a page). Requests the
 * schema refuses are answered with the engine's Chinese messages (validation.ts); answers keep every
 * field the engine and its hooks add (records allow additional properties).
 */
/** What the schemas read of a resource's engine (resource-engine.ts): its definition and fields, the
 * list parameters its hooks read, the page size, and the checks a request body goes through. */
export interface SchemaSource {
  readonly def: ResourceDef;
  readonly fields: QueryFields;
  readonly treeKey: { column: string; field: string } | undefined;
  readonly hooks: { params?: string[] };
  readonly ctx: { config: { maxPageSize: number } };
  fieldsFor(user: AuthUser): Promise<QueryFields>;
  prepareWrite(user: AuthUser, body: unknown, mode: 'submit' | 'save' | 'update'): Promise<unknown>;
}

export class RouteSchemas {
  readonly record: JsonSchema;
  private readonly tags: string[];

  constructor(private readonly engine: SchemaSource) {
    this.record = recordSchema(engine.def);
    this.tags = [engine.def.name];
  }

  private options(
    summary: string,
    parts: Omit<RouteSchema, 'tags' | 'summary'>,
    check?: (r: FastifyRequest) => unknown,
  ): SchemaOptions {
    const schema = { tags: this.tags, summary: `${this.engine.def.label.zh}: ${summary}`, ...parts };
    if (!parts.querystring && !parts.body) return { schema };
    return { schema, attachValidation: true, preHandler: answerInvalid(this.engine.def, check) };
  }

  /** list / page and the named list views: a page, or the whole forest of a forest resource. */
  list(summary: string, forest: boolean): SchemaOptions {
    const { engine } = this;
    const check = async (request: FastifyRequest) =>
      parseListQuery(request.query as Record<string, unknown>, await engine.fieldsFor(requireUser(request)), {
        maxSize: engine.ctx.config.maxPageSize,
        extra: engine.hooks.params,
      });
    return this.options(
      summary,
      {
        querystring: listQuerySchema(engine.fields, engine.hooks.params),
        response: { 200: envelope(forest ? ANY_ROWS : pageSchema(this.record)) },
      },
      check,
    );
  }

  detail(): SchemaOptions {
    const key = this.engine.treeKey;
    const params: Record<string, string> = { id: '主键' };
    if (key && key.column !== 'id') params[key.field] = `${key.field} (按此键查询)`;
    return this.options('详情', {
      querystring: queryOfParams(params),
      response: { 200: envelope({ ...this.record, nullable: true }) },
    });
  }

  select(): SchemaOptions {
    const label = labelFieldOf(this.engine.def);
    const option: JsonSchema = {
      type: 'object',
      properties: { id: { type: 'string' }, [label]: anyValue('名称') },
    };
    return this.options('下拉选项', {
      querystring: queryOfParams({ tenantId: '租户编号', ids: '只取这些主键, 逗号分隔' }),
      response: { 200: envelope({ type: 'array', items: option }) },
    });
  }

  write(mode: 'submit' | 'save' | 'update'): SchemaOptions {
    const { engine } = this;
    const summary = { submit: '新增或修改', save: '新增', update: '修改' }[mode];
    return this.options(
      summary,
      {
        body: bodySchema(engine.def, mode),
        response: { 200: envelope({ type: 'object', properties: { id: { type: 'string' } } }) },
      },
      (request) => engine.prepareWrite(requireUser(request), request.body, mode),
    );
  }

  remove(): SchemaOptions {
    return this.options('删除', {
      querystring: queryOfParams({ ids: '主键, 逗号分隔', id: '主键' }),
      response: { 200: NO_DATA },
    });
  }

  /** tree / lazy-tree (pickers) and lazy-list (the screen's rows, with `hasChildren`). */
  tree(kind: 'tree' | 'lazy-tree' | 'lazy-list', parentField: string): SchemaOptions {
    const params: Record<string, string> = { tenantId: '租户编号' };
    if (kind !== 'tree') Object.assign(params, { parentId: '上级节点', [parentField]: '上级节点' });
    const rows = kind === 'lazy-list' ? { type: 'array', items: this.record } : ANY_ROWS;
    return this.options(kind === 'lazy-list' ? '树形列表' : '树', {
      querystring: queryOfParams(params),
      response: { 200: envelope(rows) },
    });
  }

  /** A verb of a definition action with an effect (cancel, lock, ...). */
  effect(action: ActionDef): SchemaOptions {
    const params: Record<string, string> = { [action.idParam ?? 'ids']: '主键, 逗号分隔' };
    if (action.reason) params[action.reason.field] = action.reason.label.zh;
    return this.options(action.label.zh, {
      ...(action.method === 'GET' ? { querystring: queryOfParams(params) } : {}),
      response: { 200: NO_DATA },
    });
  }

  /** A route the engine does not describe further (domain verbs, Excel). */
  plain(summary: string): SchemaOptions {
    return this.options(summary, {});
  }
}
