import { type FieldDef, requiredMessage, type ResourceDef } from '@tongxin/resources';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../http/envelope.js';
import { shownKey } from '../../../http/list-query.js';

/** One AJV error as Fastify attaches it (`request.validationError.validation`). */
interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** A schema refusal in the engine's words: the field's label and the same phrases validate.ts uses. */
export function chineseMessage(
  def: ResourceDef,
  error: { validation?: SchemaError[]; validationContext?: string },
): string {
  const first = error.validation?.[0];
  if (!first) return '请求参数格式错误';
  const key =
    first.keyword === 'required'
      ? String(first.params.missingProperty ?? '')
      : (first.instancePath.split('/')[1] ?? '');
  const field: FieldDef | undefined = def.fields.find((f) => f.name === key);
  if (error.validationContext === 'querystring') return `查询参数 ${shownKey(key)} 格式不正确`;
  if (first.keyword === 'required')
    return field ? requiredMessage(field).zh : `缺少必要的请求参数: ${shownKey(key)}`;
  if (!field) return key ? `参数 ${shownKey(key)} 格式不正确` : '请求体格式错误';
  if (first.keyword === 'maxLength')
    return `${field.label.zh}长度不能超过${String(first.params.limit)}个字符`;
  return `${field.label.zh}格式不正确`;
}

/**
 * The route-level `preHandler` of a schematised route (`attachValidation: true`): runs after the guard,
 * so a caller without a token or a permission still gets 401/403 first. A request the schema refused is
 * answered by the engine's own check when it has one (its Chinese message), else by the
 * schema's refusal phrased the engine's way; nothing reaches the handler.
 */
export function answerInvalid(
  def: ResourceDef,
  check?: (request: FastifyRequest) => unknown,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const error = request.validationError as
      (Error & { validation?: SchemaError[]; validationContext?: string }) | undefined;
    if (!error) return;
    await check?.(request);
    throw badRequest(chineseMessage(def, error));
  };
}
