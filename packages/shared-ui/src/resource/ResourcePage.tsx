import { lazy, useMemo, useState } from 'react';
import { App } from 'antd';
import { isEditable, type FieldDef, type ResourceDef } from '@tongxin/resources';
import type { RemotePage } from '@tongxin/shared-ui/session';
import { useColumnSettings } from './column-settings';
import { dictRefsOf, useDicts } from './dict-store';
import { useCrudT, useLabel } from './i18n';
import { ImportDialog } from './ImportDialog';
import { RecordDrawer, type DrawerMode } from './RecordDrawer';
import { resourceChanged } from './resource-events';
import { RevealProvider } from './reveal';
import { ResourceTable, useFieldColumns } from './ResourceTable';
import type { RowAction } from './row-actions';
import { SearchForm } from './SearchForm';
import { Toolbar } from './Toolbar';
import { useResourceActions } from './use-resource-actions';
import { useResourceList } from './use-resource-list';
import { PageCard } from './PageCard';
import type { ResourcePageOptions } from './page-options';
import { AUDIT_STATUS_FIELD } from '../approval/process-calls';
import { useProcessActions } from '../approval/use-process-actions';
import { resourceCalls, rowKeyOf, type Row } from './wire';

export type { Row } from './wire';
export type { RowAction } from './row-actions';
export type { ActionContext, ActionHandler } from './use-resource-actions';
export type { ResourcePageOptions } from './page-options';

/** The columns of the list: the listed fields, and the audit status of a definition with a process. */
const listFields = (def: ResourceDef, fields: FieldDef[]) => [
  ...fields.filter((f) => f.list !== false && !f.secret),
  ...(def.process ? [AUDIT_STATUS_FIELD] : []),
];

/** The fields a screen shows: the definition's (secrets only where a form takes them), or the chosen
 * ones in their order. */
function screenFields(def: ResourceDef, chosen: string[] | undefined): FieldDef[] {
  const list = def.fields.filter((f) => !f.secret || f.form !== false);
  if (!chosen) return list;
  return chosen.map((n) => list.find((f) => f.name === n)).filter((f): f is FieldDef => !!f);
}

/** Search + table + drawer form + view, driven by one resource definition (issue 4 ResourcePage). */
export function ResourcePage({ def, ...options }: { def: ResourceDef } & ResourcePageOptions) {
  const t = useCrudT();
  const label = useLabel();
  const { message } = App.useApp();
  const calls = useMemo(() => resourceCalls(def), [def]);
  const prefix = options.permission ?? def.permission;
  const keyField = rowKeyOf(def);
  // the wire's ids (trees keyed by code, like regions, still remove by id when rows carry one)
  const idOf = (r: Row) => String(r.id ?? r[keyField]);
  const fields = useMemo(() => screenFields(def, options.fields), [def, options.fields]);
  const columnFields = useMemo(() => listFields(def, fields), [def, fields]);
  useDicts(
    useMemo(() => dictRefsOf({ ...def, fields: [...fields, ...columnFields] }), [def, fields, columnFields]),
  );
  const list = useResourceList(def, calls, options);
  const [drawer, setDrawer] = useState<{ mode: DrawerMode; record?: Row }>();
  const [importOpen, setImportOpen] = useState(false);
  const changed = (rows: Row[]) => {
    resourceChanged(def, rows);
    options.onChanged?.(rows);
  };
  const actions = useResourceActions({
    def,
    prefix,
    calls,
    handlers: options.actions,
    reload: list.reload,
    changed,
    clearSelection: () => list.select([], []),
    idOf,
  });
  const columns = useFieldColumns(def, columnFields, list);
  const process = useProcessActions(def, {
    canApply: actions.canStd('add') || actions.canStd('edit'),
    reload: list.reload,
  });
  const { setting, save: saveSetting } = useColumnSettings(
    options.settingKey ?? `columns.${options.permission ?? def.name}`,
  );

  const openRecord = async (mode: 'edit' | 'view', row: Row) => {
    try {
      setDrawer({ mode, record: { ...row, ...(await calls.detail(row)) } });
    } catch {
      // message shown by the http client
    }
  };
  const rowActions = (row: Row): RowAction[] => [
    ...(actions.canStd('view')
      ? [{ key: 'view', label: t('view'), onClick: () => void openRecord('view', row) }]
      : []),
    ...(actions.canStd('edit') && isEditable(def, row)
      ? [{ key: 'edit', label: t('edit'), onClick: () => void openRecord('edit', row) }]
      : []),
    ...process.rowActions(row),
    ...(options.rowExtra?.(row, list.reload) ?? []),
    ...(actions.canStd('delete')
      ? [{ key: 'delete', label: t('delete'), danger: true, onClick: () => actions.remove([row]) }]
      : []),
    ...actions.rowActions(row),
  ];
  const selected = list.selected.rows;

  const body = (
    <>
      {fields.some((f) => f.search) && (
        <SearchForm def={def} fields={fields.filter((f) => f.search)} onSearch={list.search} />
      )}
      <Toolbar
        def={def}
        prefix={prefix}
        calls={calls}
        list={list}
        actions={actions}
        columns={columns}
        setting={setting}
        onSaveSetting={saveSetting}
        onAdd={() => setDrawer({ mode: 'add' })}
        onImport={() => setImportOpen(true)}
        query={options.query}
        extra={options.toolbarExtra?.({ rows: selected, ids: selected.map(idOf), reload: list.reload })}
      />
      <ResourceTable
        def={def}
        list={list}
        columns={columns}
        setting={setting}
        rowActions={rowActions}
        keyField={keyField}
        index={options.index}
        actionWidth={options.actionWidth}
        onRowClick={options.onRowClick}
        activeKey={options.activeKey}
        onExpand={(e, r) => void list.expand(e, r)}
      />
      <RecordDrawer
        def={def}
        fields={fields}
        options={{ ...options, detailPage: ResourcePage }}
        mode={drawer?.mode}
        record={drawer?.record}
        onClose={() => setDrawer(undefined)}
        save={async (row, isNew) => {
          await calls.save(row, isNew);
          void message.success(t(isNew ? 'addSuccess' : 'updateSuccess'));
          setDrawer(undefined);
          changed([row]);
          await list.reload();
        }}
      />
      {actions.dialog}
      {process.dialog}
      {importOpen && (
        <ImportDialog calls={calls} onClose={() => setImportOpen(false)} onDone={() => void list.reload()} />
      )}
    </>
  );
  // an eye (显示完整信息) beside masked personal data in the table and the drawer (reveal.tsx)
  const revealing = <RevealProvider def={def}>{body}</RevealProvider>;
  return options.card === false ? (
    revealing
  ) : (
    <PageCard title={label(options.title ?? def.label)}>{revealing}</PageCard>
  );
}

/** A menu path's page: the definition's ResourcePage (no page file per plain resource). */
export function resourcePage(def: ResourceDef, options: ResourcePageOptions = {}): RemotePage {
  return lazy(async () => ({ default: () => <ResourcePage def={def} {...options} /> }));
}
