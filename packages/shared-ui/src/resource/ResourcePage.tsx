import {
  lazy,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Key,
  type ReactNode,
} from 'react';
import {
  App,
  Button,
  Col,
  Descriptions,
  Drawer,
  Form,
  Row as GridRow,
  Space,
  Table,
  Upload,
  Modal,
  type TableColumnsType,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import {
  ClearOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UploadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { ApiError, website } from '@tongxin/api-client';
import {
  buttonCode,
  hasStandard,
  type ActionDef,
  type FieldDef,
  type Label,
  type ResourceDef,
} from '@tongxin/resources';
import { useSessionStore, type RemotePage } from '@tongxin/shared-ui/session';
import { clearRegionCache, RegionText } from '../widgets/RegionCascader';
import { RichTextView } from '../widgets/RichTextEditor';
import { Uploader } from '../widgets/Uploader';
import { clearTreeCache } from '../widgets/pickers';
import { arrangeColumns, ColumnSettingsButton, useColumnSettings } from './column-settings';
import { dictRefsOf, useDicts } from './dict-store';
import { DictTag, displayValue, FieldInput, toFormValue, toWireValue, useRules } from './fields';
import { useCrudT, useLabel, useTotalText } from './i18n';
import { actionLabelFor, RowActions, rowActionsWidth, type RowAction } from './row-actions';
import { resourceCalls, rowKeyOf, toFilters, type Row } from './wire';

export type { Row } from './wire';
export type { RowAction } from './row-actions';

export interface ActionContext {
  /** The rows the action applies to (the clicked row, or the selection for toolbar actions). */
  rows: Row[];
  ids: string[];
  reload: () => Promise<void>;
}
export type ActionHandler = (ctx: ActionContext) => void | Promise<void>;

export interface ResourcePageOptions {
  /** Button-code prefix when a second menu serves the same resource (e.g. `dict_vertical`). */
  permission?: string;
  /** Title override (default: the definition's label). */
  title?: Label;
  /** Only these fields, in this order (the definition's placement still applies). */
  fields?: string[];
  /** Always sent with the list call (e.g. `parentId_equal`). */
  query?: Record<string, unknown>;
  /** Prefilled on add and sent on edit. */
  defaults?: Record<string, unknown>;
  /** Disabled on add and on edit. */
  disabled?: string[];
  /** Required in this screen with these messages. */
  required?: Record<string, string>;
  /** Width of the operation column. */
  actionWidth?: number;
  /** A click on the drawer's backdrop closes it (default true). */
  maskClosable?: boolean;
  /** Show the index column. */
  index?: boolean;
  /** Handlers of the definition's extra actions; actions without a handler are not shown. */
  actions?: Record<string, ActionHandler>;
  /** More row actions (after view and edit; rows with many actions show the rarer ones under 更多). */
  rowExtra?: (row: Row, reload: () => Promise<void>) => RowAction[];
  toolbarExtra?: (ctx: ActionContext) => ReactNode;
  /** Called after a save or removal (dictionary screens drop the cached code). */
  onChanged?: (rows: Row[]) => void;
  onRowClick?: (row: Row) => void;
  /** Highlighted row key. */
  activeKey?: string;
  /** The list is not paged (the whole filtered list or forest comes back; no current/size sent). */
  paged?: boolean;
  /** List verb (default `list`). */
  listPath?: string;
  /** Key of the server-side column setting (default `columns.<name>`). */
  settingKey?: string;
  /** Wrap in a card (default true). */
  card?: boolean;
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Search + table + drawer form + view, driven by one resource definition (issue 4 ResourcePage). */
export function ResourcePage({ def, ...options }: { def: ResourceDef } & ResourcePageOptions) {
  const t = useCrudT();
  const totalText = useTotalText();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const calls = useMemo(() => resourceCalls(def), [def]);
  const permissions = useSessionStore((s) => s.permissions);
  const prefix = options.permission ?? def.permission;
  const can = (code: string) => permissions[code] === true;
  const canStd = (a: 'add' | 'edit' | 'delete' | 'view') => hasStandard(def, a) && can(`${prefix}_${a}`);
  const keyField = rowKeyOf(def);
  // the wire's ids (trees keyed by code, like regions, still remove by id when rows carry one)
  const idOf = (r: Row) => String(r.id ?? r[keyField]);
  const pick = useCallback(
    (f: FieldDef) => !options.fields || options.fields.includes(f.name),
    [options.fields],
  );
  const fields = useMemo(() => {
    const list = def.fields.filter((f) => !f.secret || f.form !== false).filter(pick);
    if (!options.fields) return list;
    return options.fields.map((n) => list.find((f) => f.name === n)).filter((f): f is FieldDef => !!f);
  }, [def, pick, options.fields]);
  const listFields = fields.filter((f) => f.list !== false && !f.secret);
  const searchFields = fields.filter((f) => f.search);
  const dicts = useDicts(useMemo(() => dictRefsOf({ ...def, fields }), [def, fields]));
  void dicts;

  // ---- list state
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  // false when the server answered the planner's estimate for a large list
  const [totalExact, setTotalExact] = useState(true);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(website.pageSize);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<readonly Key[]>([]);
  const lazyTree = !!def.tree?.lazy && Object.keys(filters).length === 0;
  // a forest resource's list is the whole tree: never paged
  const paged = options.paged ?? !def.tree?.forest;
  const queryKey = JSON.stringify(options.query ?? {});

  const markChildren = (list: Row[]): Row[] =>
    list.map((r) =>
      r.children?.length
        ? { ...r, children: markChildren(r.children) }
        : r.hasChildren
          ? { ...r, children: [] }
          : { ...r, children: undefined },
    );

  // only the newest request may fill the table: an older answer arriving late must not overwrite it
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    const fresh = () => ticket === latest.current;
    setLoading(true);
    try {
      if (lazyTree) {
        const list = await calls.lazyList(def.tree!.root ?? '0', options.query);
        if (!fresh()) return;
        setRows(markChildren(list));
        setTotal(list.length);
        setTotalExact(true);
        setExpandedKeys([]);
      } else {
        const page = await calls.list(
          !paged
            ? { ...(JSON.parse(queryKey) as Record<string, unknown>), ...filters }
            : { ...(JSON.parse(queryKey) as Record<string, unknown>), current, size, ...filters, ...sort },
          options.listPath,
        );
        if (!fresh()) return;
        setRows(def.tree ? markChildren(page.records) : page.records);
        setTotal(page.total);
        setTotalExact(page.totalExact !== false);
      }
    } catch {
      // the http client already showed the server's message; the old rows stay
    } finally {
      if (fresh()) setLoading(false);
    }
  }, [calls, lazyTree, current, size, filters, sort, queryKey, options.listPath, paged, def]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    setSelected([]);
    setSelectedRows([]);
    setCurrent(1);
  }, [queryKey]);

  const expand = async (expanded: boolean, row: Row) => {
    if (!expanded || !lazyTree || (row.children && row.children.length)) return;
    try {
      const kids = markChildren(await calls.lazyList(String(row[keyField]), options.query));
      const put = (list: Row[]): Row[] =>
        list.map((r) =>
          r[keyField] === row[keyField]
            ? { ...r, children: kids }
            : r.children
              ? { ...r, children: put(r.children) }
              : r,
        );
      setRows(put);
    } catch {
      // shown by the http client
    }
  };

  // ---- drawer
  const [drawer, setDrawer] = useState<{ mode: 'add' | 'edit' | 'view'; record?: Row }>();
  const changed = (list: Row[]) => {
    clearTreeCache();
    if (def.name === 'region') clearRegionCache();
    options.onChanged?.(list);
  };
  const openRecord = async (mode: 'edit' | 'view', row: Row) => {
    try {
      setDrawer({ mode, record: { ...row, ...(await calls.detail(row)) } });
    } catch {
      // message shown by the http client
    }
  };

  const removeRows = (list: Row[]) => {
    if (list.length === 0) {
      void message.warning(t('selectAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('tip'),
      content: t('confirmDelete'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        await calls.remove(list.map(idOf));
        void message.success(t('deleteSuccess'));
        setSelected([]);
        setSelectedRows([]);
        changed(list);
        await reload();
      },
    });
  };

  const runAction = (action: ActionDef, list: Row[]) => {
    const handler = options.actions?.[action.name];
    if (!handler) return;
    const ctx: ActionContext = { rows: list, ids: list.map(idOf), reload };
    if (action.confirm) {
      if (list.length === 0) {
        void message.warning(t('selectAtLeastOne'));
        return;
      }
      modal.confirm({
        title: t('tip'),
        content: label(action.confirm),
        okText: t('confirm'),
        cancelText: t('cancel'),
        onOk: async () => {
          await handler(ctx);
          await reload();
        },
      });
    } else void handler(ctx);
  };
  const actionCode = (a: ActionDef) => a.code ?? `${prefix}_${a.name}`;
  const extraActions = (placement: 'toolbar' | 'row') =>
    (def.actions ?? []).filter(
      (a) =>
        (a.placement === placement || a.placement === 'both') &&
        options.actions?.[a.name] &&
        can(actionCode(a)),
    );

  // ---- columns
  const columns: TableColumnsType<Row> = listFields.map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: label(field.label),
    width: field.width,
    ellipsis: true,
    sorter: field.sortable && !lazyTree ? true : undefined,
    render: (_: unknown, row: Row) => {
      if (field.dict) return <DictTag dict={field.dict} value={row[field.name]} />;
      if (field.kind === 'flag') return Number(row[field.name]) === 1 ? t('yes') : t('no');
      if (field.kind === 'region') return <RegionText value={row[field.name]} />;
      const v = displayValue(field, row, label);
      return v === undefined || v === null ? '' : String(v);
    },
  }));
  // The platform administrator sees every tenant's rows of platform-wide resources: say whose they are.
  if (def.platformWide && rows.some((r) => r.tenantId !== undefined && r.tenantId !== rows[0]?.tenantId))
    columns.unshift({ key: 'tenantId', dataIndex: 'tenantId', title: t('tenantId'), width: 90 });
  const settingKey = options.settingKey ?? `columns.${options.permission ?? def.name}`;
  const { setting, save: saveSetting } = useColumnSettings(settingKey);
  const rowActions = (row: Row): RowAction[] => [
    ...(canStd('view')
      ? [{ key: 'view', label: t('view'), onClick: () => void openRecord('view', row) }]
      : []),
    ...(canStd('edit')
      ? [{ key: 'edit', label: t('edit'), onClick: () => void openRecord('edit', row) }]
      : []),
    ...(options.rowExtra?.(row, reload) ?? []),
    ...(canStd('delete')
      ? [{ key: 'delete', label: t('delete'), danger: true, onClick: () => removeRows([row]) }]
      : []),
    ...extraActions('row').map((a) => ({
      key: a.name,
      label: label(actionLabelFor(a, row)),
      onClick: () => runAction(a, [row]),
    })),
  ];
  const allColumns: TableColumnsType<Row> = [
    ...(options.index
      ? [
          {
            key: '__index',
            title: t('index'),
            width: 60,
            render: (_: unknown, __: Row, i: number) => (current - 1) * size + i + 1,
          },
        ]
      : []),
    ...arrangeColumns(columns, setting),
    {
      key: '__actions',
      title: t('actions'),
      fixed: 'right',
      width: options.actionWidth ?? rowActionsWidth(rowActions(rows[0] ?? {}), t('more')),
      render: (_: unknown, row: Row) => <RowActions actions={rowActions(row)} />,
    },
  ];

  // ---- search
  const [searchForm] = Form.useForm();
  const formId = `search${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [expandedSearch, setExpandedSearch] = useState(false);
  const visibleSearch = expandedSearch ? searchFields : searchFields.slice(0, 3);

  const [importOpen, setImportOpen] = useState(false);
  const ctx: ActionContext = {
    rows: selectedRows,
    ids: selectedRows.map(idOf),
    reload,
  };

  const body = (
    <>
      {searchFields.length > 0 && (
        <Form
          name={formId}
          form={searchForm}
          layout="inline"
          className="tx-search"
          onFinish={(values: Record<string, unknown>) => {
            const wire: Record<string, unknown> = {};
            for (const f of searchFields) {
              const v = values[f.name];
              wire[f.name] = hasValue(v) ? toWireValue(f, v) : undefined;
            }
            setCurrent(1);
            setFilters(Object.fromEntries(Object.entries(toFilters(def, wire))));
          }}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          {searchFields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={label(field.label)}
              hidden={!visibleSearch.includes(field)}
            >
              <FieldInput field={field} search />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('search')}
              </Button>
              <Button
                icon={<ClearOutlined />}
                onClick={() => {
                  searchForm.resetFields();
                  setCurrent(1);
                  setFilters({});
                }}
              >
                {t('reset')}
              </Button>
              {searchFields.length > 3 && (
                <Button
                  type="link"
                  icon={expandedSearch ? <UpOutlined /> : <DownOutlined />}
                  onClick={() => setExpandedSearch((v) => !v)}
                >
                  {expandedSearch ? t('collapse') : t('expand')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Form>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8 }}>
        <Space wrap>
          {canStd('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'add' })}>
              {t('add')}
            </Button>
          )}
          {canStd('delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => removeRows(selectedRows)}>
              {t('batchDelete')}
            </Button>
          )}
          {extraActions('toolbar').map((a) => (
            <Button key={a.name} onClick={() => runAction(a, selectedRows)}>
              {label(a.label)}
            </Button>
          ))}
          {def.importable && can(buttonCode({ ...def, permission: prefix }, 'import')) && (
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('import')}
            </Button>
          )}
          {def.exportable && can(buttonCode({ ...def, permission: prefix }, 'export')) && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                window.open(calls.exportUrl({ ...options.query, ...filters, ...sort }), '_blank')
              }
            >
              {t('export')}
            </Button>
          )}
          {options.toolbarExtra?.(ctx)}
        </Space>
        <Space>
          <Button icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void reload()} />
          <ColumnSettingsButton
            columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
            setting={setting}
            onSave={saveSetting}
          />
        </Space>
      </div>
      <Table<Row>
        rowKey={(row) => String(row[keyField])}
        loading={loading}
        columns={allColumns}
        dataSource={rows}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          checkStrictly: true,
          onChange: (keys, list) => {
            setSelected(keys);
            setSelectedRows(list.filter(Boolean));
          },
        }}
        rowClassName={(row) =>
          options.activeKey && String(row.id) === options.activeKey ? 'ant-table-row-selected' : ''
        }
        onRow={options.onRowClick ? (row) => ({ onClick: () => options.onRowClick!(row) }) : undefined}
        expandable={
          def.tree
            ? {
                expandedRowKeys: expandedKeys,
                onExpandedRowsChange: setExpandedKeys,
                onExpand: (e, r) => void expand(e, r),
              }
            : undefined
        }
        onChange={(_p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const field = s?.columnKey ? String(s.columnKey) : undefined;
          setSort(field && s?.order ? (s.order === 'ascend' ? { ascs: field } : { descs: field }) : {});
        }}
        pagination={
          lazyTree || !paged
            ? false
            : {
                current,
                pageSize: size,
                total,
                pageSizeOptions: website.pageSizes.map(String),
                showSizeChanger: true,
                showTotal: (n) => totalText(n, totalExact),
                onChange: (c, s) => {
                  setCurrent(s === size ? c : 1);
                  setSize(s);
                },
              }
        }
      />
      <RecordDrawer
        def={def}
        fields={fields}
        options={options}
        mode={drawer?.mode}
        record={drawer?.record}
        onClose={() => setDrawer(undefined)}
        save={async (row, isNew) => {
          await calls.save(row, isNew);
          void message.success(t(isNew ? 'addSuccess' : 'updateSuccess'));
          setDrawer(undefined);
          changed([row]);
          await reload();
        }}
      />
      {importOpen && (
        <ImportDialog calls={calls} onClose={() => setImportOpen(false)} onDone={() => void reload()} />
      )}
    </>
  );
  if (options.card === false) return body;
  return (
    <div
      className="tx-card"
      style={{ borderRadius: 10, background: 'var(--ant-color-bg-container, #fff)', padding: 16 }}
    >
      <h3 style={{ marginTop: 0 }}>{label(options.title ?? def.label)}</h3>
      {body}
    </div>
  );
}

function RecordDrawer({
  def,
  fields,
  options,
  mode,
  record,
  onClose,
  save,
}: {
  def: ResourceDef;
  fields: FieldDef[];
  options: ResourcePageOptions;
  mode: 'add' | 'edit' | 'view' | undefined;
  record: Row | undefined;
  onClose: () => void;
  save: (row: Row, isNew: boolean) => Promise<void>;
}) {
  const t = useCrudT();
  const label = useLabel();
  const rulesOf = useRules();
  const [form] = Form.useForm();
  const formName = `record${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [saving, setSaving] = useState(false);
  const formFields = fields.filter(
    (f) => f.form !== false && !(mode === 'edit' && f.secret && f.disabledOn?.includes('edit')),
  );
  const viewFields = fields.filter((f) => f.view !== false && !f.secret);

  // before paint: a user (or a test) must never type into the form before its values arrive
  useLayoutEffect(() => {
    if (!mode || mode === 'view') return;
    const source: Row =
      mode === 'add'
        ? Object.fromEntries(
            fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]),
          )
        : (record ?? {});
    const values: Record<string, unknown> = {};
    for (const f of formFields) values[f.name] = toFormValue(f, { ...source, ...options.defaults }[f.name]);
    form.setFieldsValue(values);
  }, [mode, record, form]);

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const row: Row = {};
    for (const f of formFields) {
      const v = toWireValue(f, values[f.name]);
      if (v !== undefined) row[f.name] = v === null ? '' : v;
    }
    Object.assign(row, options.defaults);
    const isNew = mode === 'add';
    if (!isNew && record) {
      row.id = record.id;
      // what the form read: the server refuses the save when the record changed since (409)
      if (record.version !== undefined && record.version !== null) row.version = record.version;
      if (record.updateTime) row.updateTime = record.updateTime;
      const keyField = rowKeyOf(def);
      if (keyField !== 'id') row[keyField] = record[keyField];
    }
    setSaving(true);
    try {
      await save(row, isNew);
    } catch {
      // a failed save only resets the loading state (§8); the server's message was shown
    } finally {
      setSaving(false);
    }
  };

  const width = def.drawerWidth ?? 600;
  return (
    <Drawer
      open={mode !== undefined}
      title={`${label(options.title ?? def.label)} · ${mode ? t(mode) : ''}`}
      size={width}
      onClose={onClose}
      maskClosable={options.maskClosable ?? true}
      destroyOnHidden
      extra={
        mode !== 'view' ? (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
              {t('submit')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>{t('close')}</Button>
        )
      }
    >
      {mode === 'view' ? (
        <Descriptions column={width >= 800 ? 2 : 1} bordered size="small">
          {viewFields.map((field) => (
            <Descriptions.Item key={field.name} label={label(field.label)}>
              {field.dict ? (
                <DictTag dict={field.dict} value={record?.[field.name]} />
              ) : field.kind === 'images' || field.kind === 'files' ? (
                <Uploader
                  value={record?.[field.name] as string}
                  readOnly
                  accept={field.accept}
                  maxCount={field.maxCount ?? 1}
                />
              ) : field.kind === 'richtext' ? (
                <RichTextView value={record?.[field.name]} />
              ) : field.kind === 'region' ? (
                <RegionText value={record?.[field.name]} />
              ) : field.kind === 'flag' ? (
                Number(record?.[field.name]) === 1 ? (
                  t('yes')
                ) : (
                  t('no')
                )
              ) : (
                String(displayValue(field, record ?? {}, label) ?? '')
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Form name={formName} form={form} layout="vertical" validateTrigger="onBlur" preserve={false}>
          <GridRow gutter={16}>
            {formFields.map((field) => {
              const disabled =
                options.disabled?.includes(field.name) ||
                (mode ? field.disabledOn?.includes(mode as 'add' | 'edit') : false);
              const extra = options.required?.[field.name];
              const wide =
                width >= 800 &&
                !['text', 'richtext', 'images', 'files'].includes(field.kind) &&
                !field.multiline;
              return (
                <Col key={field.name} span={wide ? 12 : 24}>
                  <Form.Item
                    name={field.name}
                    label={label(field.label)}
                    extra={field.help && label(field.help)}
                    rules={[
                      // a secret left empty on edit keeps the stored one
                      ...rulesOf(mode === 'edit' && field.secret ? { ...field, required: undefined } : field),
                      ...(extra ? [{ required: true, message: extra }] : []),
                    ]}
                    validateTrigger={['onBlur', 'onChange']}
                  >
                    <FieldInput field={field} disabled={disabled} />
                  </Form.Item>
                </Col>
              );
            })}
          </GridRow>
        </Form>
      )}
    </Drawer>
  );
}

/** Import: template download, the file upload, and the per-row error report of a refused file. */
function ImportDialog({
  calls,
  onClose,
  onDone,
}: {
  calls: ReturnType<typeof resourceCalls>;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useCrudT();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<{ row: number; msg: string }[]>([]);
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title={t('importTitle')} onCancel={onClose} footer={null} width={640}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            customRequest={({ file }) => {
              setBusy(true);
              setErrors([]);
              calls
                .importFile(file as File)
                .then((res) => {
                  void message.success(res.msg || t('operateSuccess'));
                  onDone();
                  onClose();
                })
                .catch((error: unknown) => {
                  const data =
                    error instanceof ApiError
                      ? (error.data as { data?: { errors?: { row: number; msg: string }[] } })
                      : undefined;
                  setErrors(data?.data?.errors ?? []);
                })
                .finally(() => setBusy(false));
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              {t('importPick')}
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => window.open(calls.templateUrl(), '_blank')}>
            {t('template')}
          </Button>
        </Space>
        {errors.length > 0 && (
          <Table
            size="small"
            title={() => t('importErrors')}
            rowKey={(r) => `${r.row}-${r.msg}`}
            dataSource={errors}
            pagination={false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('row'), width: 80 },
              { key: 'msg', dataIndex: 'msg', title: t('reason') },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}

/** A menu path's page: the definition's ResourcePage (no page file per plain resource). */
export function resourcePage(def: ResourceDef, options: ResourcePageOptions = {}): RemotePage {
  return lazy(async () => ({ default: () => <ResourcePage def={def} {...options} /> }));
}
