import type { ActionDef, EffectValue, Label } from './define';

/** How a `statusMove` changes the record: its status `field` goes from one of the states `from` to
 * `to`; `set` writes more columns at the same time (`$now`, `$user`, constants). */
export interface StatusMove {
  field: string;
  from: (string | number)[];
  to: string | number;
  set?: Record<string, EffectValue>;
}

/** A row action the engine serves itself (`effect`): it moves the record's status as `move` says. The
 * button shows on rows in a `from` state only, and a call naming a row in any other state is refused
 * whole. With `extra.reason` the dialog asks for a reason, stored in the reason's field. */
export const statusMove = (
  name: string,
  label: Label,
  move: StatusMove,
  extra: Partial<ActionDef> = {},
): ActionDef => {
  const states = { field: move.field, in: move.from };
  const reason = extra.reason ? { [extra.reason.field]: '$reason' as const } : {};
  return {
    name,
    label,
    placement: 'row',
    when: states,
    ...extra,
    effect: { set: { [move.field]: move.to, ...reason, ...move.set }, from: states },
  };
};

/** 停用 / 启用: the pair of row actions moving the status `field` between `enabled` and `disabled`,
 * each asking for its reason (停用原因 / 启用原因, required, at most `maxLength` characters) stored in
 * `reasonField`. */
export const disableEnableActions = (
  field: string,
  { enabled, disabled }: { enabled: number; disabled: number },
  reasonField: string,
  maxLength: number,
): ActionDef[] => {
  const reason = (zh: string) => ({
    field: reasonField,
    label: { zh: `${zh}原因`, en: 'Reason' },
    required: `请输入${zh}原因`,
    maxLength,
  });
  return [
    statusMove(
      'disable',
      { zh: '停用', en: 'Disable' },
      { field, from: [enabled], to: disabled },
      {
        reason: reason('停用'),
        danger: true,
      },
    ),
    statusMove(
      'enable',
      { zh: '启用', en: 'Enable' },
      { field, from: [disabled], to: enabled },
      {
        reason: reason('启用'),
      },
    ),
  ];
};
