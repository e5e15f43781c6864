import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import {
  actionCode,
  hasStandard,
  isWireAction,
  meets,
  type ActionDef,
  type ResourceDef,
} from '@tongxin/resources';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { useCrudT, useLabel } from './i18n';
import { asksInDialog, ReasonDialog, type ActionAnswers } from './ReasonDialog';
import { actionLabelFor, type RowAction } from './row-actions';
import { actionDownloadUrl, type ResourceCalls, type Row } from './wire';

export interface ActionContext {
  /** The rows the action applies to (the clicked row, or the selection for toolbar actions). */
  rows: Row[];
  ids: string[];
  reload: () => Promise<void>;
  /** The reason the user gave, for an action that asks for one. */
  reason?: string;
  /** The values the user gave for an action's `inputs` (wire form, by field name). */
  values?: Record<string, unknown>;
}
export type ActionHandler = (ctx: ActionContext) => void | Promise<void>;

type Std = 'add' | 'edit' | 'delete' | 'view';

/**
 * Removal and the definition's actions on a ResourcePage: who may (button codes), confirmation, the
 * reason prompt, the handler or the wire verb with the rows' ids, the toast and the reload.
 */
export function useResourceActions(args: {
  def: ResourceDef;
  prefix: string;
  calls: ResourceCalls;
  handlers?: Record<string, ActionHandler>;
  reload: () => Promise<void>;
  /** After a change (save, removal, action) of these rows. */
  changed: (rows: Row[]) => void;
  clearSelection: () => void;
  idOf: (row: Row) => string;
}) {
  const { def, prefix, calls, handlers, reload, changed, idOf } = args;
  const t = useCrudT();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const permissions = useSessionStore((s) => s.permissions);
  const me = useSessionStore((s) => s.user?.user_id);
  /** Whether the action applies to the row: its states, and the user's own rows for a `mine` action. */
  const appliesTo = (action: ActionDef, row: Row) =>
    meets(row, action.when) &&
    (!action.mine || (!!me && String(row[action.mine.field] ?? '') === String(me)));
  const [asking, setAsking] = useState<{ action: ActionDef; rows: Row[] }>();
  const can = (code: string) => permissions[code] === true;
  const canStd = (a: Std) => hasStandard(def, a) && can(`${prefix}_${a}`);
  const confirm = (content: ReactNode, onOk: () => Promise<void>, title = t('tip')) =>
    modal.confirm({ title, content, okText: t('confirm'), cancelText: t('cancel'), onOk });
  const needRows = (rows: Row[]) => {
    if (rows.length === 0) void message.warning(t('selectAtLeastOne'));
    return rows.length > 0;
  };

  const remove = (rows: Row[]) => {
    if (!needRows(rows)) return;
    confirm(t('confirmDelete'), async () => {
      await calls.remove(rows.map(idOf));
      void message.success(t('deleteSuccess'));
      args.clearSelection();
      changed(rows);
      await reload();
    });
  };

  /** The handler, the download (`download`: another resource's export narrowed to the row), or the wire
   * verb with the ids (and the reason and inputs); then the toast, the change notice and the reload. */
  const perform = async (action: ActionDef, rows: Row[], answers?: ActionAnswers) => {
    const handler = handlers?.[action.name];
    const { reason, values = {} } = answers ?? {};
    if (!handler && action.download) {
      // a download per row, in this page (the server names the file): nothing changes, nothing to reload
      for (const row of rows) {
        const link = document.createElement('a');
        link.href = actionDownloadUrl(action, idOf(row));
        link.download = '';
        link.click();
      }
      return;
    }
    if (handler) {
      await handler({ rows, ids: rows.map(idOf), reload, reason, values });
      if (action.confirm || asksInDialog(action)) await reload();
      return;
    }
    await calls.action(action, rows.map(idOf), {
      ...values,
      ...(action.reason && reason ? { [action.reason.field]: reason } : {}),
    });
    void message.success(t('operateSuccess'));
    changed(rows);
    await reload();
  };

  const run = (action: ActionDef, selected: Row[]) => {
    const handler = handlers?.[action.name];
    // a standalone action is about no row: the selection is neither needed nor sent
    const rows = action.standalone ? [] : selected;
    const needsRows =
      !action.standalone && (action.confirm || asksInDialog(action) || (!handler && isWireAction(action)));
    if (needsRows && !needRows(rows)) return;
    if (rows.some((r) => !appliesTo(action, r))) {
      void message.warning(t('actionNotApplicable', { action: label(action.label) }));
      return;
    }
    if (asksInDialog(action)) setAsking({ action, rows });
    else if (action.confirm) confirm(label(action.confirm), () => perform(action, rows));
    else void perform(action, rows).catch(() => undefined);
  };

  const dialog = asking && (
    <ReasonDialog
      action={asking.action}
      rows={asking.rows}
      onCancel={() => setAsking(undefined)}
      onOk={async (answers) => {
        await perform(asking.action, asking.rows, answers);
        setAsking(undefined);
      }}
    />
  );

  /** The definition's actions for a placement that the user may run and the screen can serve. */
  const available = (placement: 'toolbar' | 'row') =>
    (def.actions ?? []).filter(
      (a) =>
        (a.placement === placement || a.placement === 'both') &&
        (handlers?.[a.name] || isWireAction(a)) &&
        can(actionCode({ permission: prefix }, a)),
    );

  /** A row's definition actions that apply to its state. */
  const rowActions = (row: Row): RowAction[] =>
    available('row')
      .filter((a) => appliesTo(a, row))
      .map((a) => ({
        key: a.name,
        label: label(actionLabelFor(a, row)),
        danger: a.danger,
        onClick: () => run(a, [row]),
      }));

  return { can, canStd, remove, run, available, rowActions, dialog };
}
