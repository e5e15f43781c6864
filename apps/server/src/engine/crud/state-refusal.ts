/** A record whose state a call does not accept (an effect's `from`, the definition's `editableWhen`),
 * worded as the spec's messages are: `「name」的<field>为「<state>」,不能<doing>`. The state is read from
 * the field's dictionary or options, which is done outside the call's transaction (PGlite has one
 * connection), so a refusal met inside one is thrown as a `StateRefusal` and worded after it rolled back. */
import type { FieldDef } from '@tongxin/resources';
import type { AuthUser } from '../../auth/tokens.js';
import type { DictSource } from '../../dicts/dict-items.js';
import { loadDictItems } from '../../dicts/dict-items.js';

/** What a refusal names: the field holding the state, the first refused record's name and value, what
 * was asked (`doing`: 修改, 取消, ...) and how many records were refused. */
export interface Refusal {
  field: FieldDef | undefined;
  name: string;
  value: unknown;
  doing: string;
  count: number;
}

/** Thrown inside a transaction (which then rolls back); `refusalMessage` words it after. */
export class StateRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(`state refused: ${refusal.name}`);
  }
}

/** A state's wording: the dictionary's or the options' label of the value, else the value. */
async function stateText(
  ctx: DictSource,
  user: AuthUser,
  field: FieldDef | undefined,
  value: unknown,
): Promise<string> {
  const key = String(value ?? '');
  const option = field?.options?.find((o) => String(o.value) === key);
  if (option) return option.label.zh;
  if (!field?.dict) return key;
  const items = await loadDictItems(ctx, user.tenantId, field.dict.code, Boolean(field.dict.biz));
  return items.find((i) => i.dictKey === key)?.dictValue ?? key;
}

export async function refusalMessage(ctx: DictSource, user: AuthUser, r: Refusal): Promise<string> {
  const fieldLabel = r.field?.label.zh ?? '状态';
  const state = await stateText(ctx, user, r.field, r.value);
  const one = `「${r.name}」的${fieldLabel}为「${state}」,不能${r.doing}`;
  return r.count > 1 ? `所选数据中有${r.count}条不能${r.doing}:${one}` : one;
}
