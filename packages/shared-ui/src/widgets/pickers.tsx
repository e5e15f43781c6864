import { useEffect, useMemo, useState, type Key } from 'react';
import { Modal, Select, Table, TreeSelect, type TableColumnsType } from 'antd';
import { http, type R } from '@tongxin/api-client';
import { useCrudT } from '../resource/i18n';
import { onResourceChanged } from '../resource/resource-events';
import { type Row, type TreeNode } from '../resource/wire';
import { type PickerColumn, PickerSearch } from './PickerSearch';
import { PICKER_PAGE_SIZE, usePickerRows } from './use-picker-rows';

export type { PickerColumn } from './PickerSearch';

export interface TableSelectProps {
  title: string;
  /** Paged list (`current`, `size`) or, with `lazyTree`, the `lazy-list?parentId` endpoint. */
  url: string;
  columns: PickerColumn[];
  labelField: string;
  multiple?: boolean;
  /** Rows load as a lazy tree (rows with hasChildren expand on demand). */
  lazyTree?: boolean;
  /** Query parameters of every list read, which the user's search cannot change (e.g. `tenantId`). */
  params?: Record<string, string>;
  /** Where the labels of saved values are read: a `select` endpoint answering `?ids=a,b` with
   * `[{id, <labelField>}]`. Without it a saved value the dialog has not listed shows its id. */
  labelsUrl?: string;
  /** Selected ids, comma-joined (BladeX style). */
  value?: string;
  onChange?: (value: string, rows: Row[]) => void;
  placeholder?: string;
  disabled?: boolean;
}

/** The rows picked so far by id; saved values not listed yet are read by id from `labelsUrl`, so the
 * field shows their labels, not their ids. */
function usePicked(labelsUrl: string | undefined, ids: string[]) {
  const [picked, setPicked] = useState<Record<string, Row>>({});
  const unknown = ids.filter((id) => !picked[id]).join(',');
  useEffect(() => {
    if (!labelsUrl || !unknown) return;
    let alive = true;
    http
      .get<R<Row[]>>(labelsUrl, { params: { ids: unknown } })
      .then((res) => {
        if (!alive) return;
        const rows = res.data.data ?? [];
        setPicked((p) => {
          const next = { ...p };
          for (const r of rows) if (!next[String(r.id)]) next[String(r.id)] = r;
          return next;
        });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [labelsUrl, unknown]);
  return [picked, setPicked] as const;
}

/** Table select (docs/front-end.md#pickers-and-widgets): a dialog listing rows (page size 10), searchable,
 * selection kept across pages, confirm/cancel; the field shows the chosen labels and holds their ids. */
export function TableSelect(props: TableSelectProps) {
  const {
    title,
    url,
    columns,
    labelField,
    multiple = true,
    lazyTree,
    params,
    labelsUrl,
    value,
    onChange,
    placeholder,
    disabled,
  } = props;
  const t = useCrudT();
  const [open, setOpen] = useState(false);
  const list = usePickerRows(url, !!lazyTree, open, params);
  const [selected, setSelected] = useState<Key[]>([]);
  const ids = value ? value.split(',').filter(Boolean) : [];
  const [picked, setPicked] = usePicked(labelsUrl, ids);

  const tableColumns: TableColumnsType<Row> = columns.map((c) => ({
    key: c.name,
    dataIndex: c.name,
    title: c.title,
    ...(c.read ? { render: (_: unknown, row: Row) => String(c.read!(row) ?? '') } : {}),
  }));
  const searchable = columns.filter((c) => c.searchKey);
  // a lazy tree's nodes carry their label as `title`
  const labelOf = (id: string) => String(picked[id]?.[labelField] ?? picked[id]?.title ?? id);

  return (
    <>
      <Select
        mode={multiple ? 'multiple' : undefined}
        open={false}
        disabled={disabled}
        placeholder={placeholder ?? title}
        value={multiple ? ids : ids[0]}
        options={ids.map((id) => ({ value: id, label: labelOf(id) }))}
        onClick={() => {
          if (disabled) return;
          setSelected(ids);
          setOpen(true);
        }}
        onChange={(next: string | string[] | undefined) => {
          const list = next === undefined ? [] : Array.isArray(next) ? next : [next];
          onChange?.(
            list.join(','),
            list.map((id) => picked[id] ?? { id }),
          );
        }}
        allowClear
      />
      <Modal
        title={title}
        open={open}
        width={800}
        onCancel={() => setOpen(false)}
        okText={t('confirm')}
        cancelText={t('cancel')}
        onOk={() => {
          const list = selected.map(String);
          onChange?.(
            list.join(','),
            list.map((id) => picked[id] ?? { id }),
          );
          setOpen(false);
        }}
        destroyOnHidden
      >
        {searchable.length > 0 && <PickerSearch columns={searchable} onSearch={list.search} />}
        <Table<Row>
          size="small"
          rowKey={(r) => String(r.id)}
          loading={list.loading}
          columns={tableColumns}
          dataSource={list.rows}
          expandable={lazyTree ? { onExpand: (e, r) => void list.expand(e, r) } : undefined}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            checkStrictly: true,
            onChange: (keys, selectedRows) => {
              setSelected(keys);
              setPicked((p) => {
                const next = { ...p };
                for (const r of selectedRows) if (r) next[String(r.id)] = r;
                return next;
              });
            },
          }}
          pagination={{
            current: list.current,
            pageSize: PICKER_PAGE_SIZE,
            total: list.total,
            showSizeChanger: false,
            onChange: list.setCurrent,
          }}
        />
      </Modal>
    </>
  );
}

type PickerProps = Omit<TableSelectProps, 'title' | 'url' | 'columns' | 'labelField'>;
/** Where a picker reads: its list (`url`) and the labels of saved values (`labelsUrl`). */
type EndpointProps = { url?: string; labelsUrl?: string };

/** 请选择用户: users searchable by realName, idCard and phone; returns the chosen users by id. The list
 * is `/api/blade-user/page` (the user screen's view permission), of `tenantId` only when given (the
 * platform administrator's page spans every tenant; a record's users belong to its tenant); saved values
 * are named through `/api/blade-user/select?ids=` (readable by the screens that pick users). */
export function UserSelect({
  url,
  labelsUrl,
  tenantId,
  ...props
}: PickerProps & EndpointProps & { tenantId?: string }) {
  const t = useCrudT();
  const params = useMemo(() => (tenantId ? { tenantId } : undefined), [tenantId]);
  return (
    <TableSelect
      {...props}
      params={params}
      title={t('selectUser')}
      url={url ?? '/api/blade-user/page'}
      labelsUrl={labelsUrl ?? '/api/blade-user/select'}
      labelField="realName"
      columns={[
        { name: 'realName', title: t('realName'), searchKey: 'realName_like' },
        { name: 'idCard', title: t('idCard'), searchKey: 'idCard_like' },
        { name: 'phone', title: t('phoneNo'), searchKey: 'phone_like' },
      ]}
    />
  );
}

/** 请选择党员: searchable by 用户姓名 realName and 身份证号 idcard (the spec's keys: `realName_like`,
 * `idcard_like`). The party-member resource does not exist on the server yet, so the endpoints are
 * props; by default it lists users, whose id card (`idCard`) answers the same key. */
export function PartyMemberSelect({ url, labelsUrl, ...props }: PickerProps & EndpointProps) {
  const t = useCrudT();
  return (
    <TableSelect
      {...props}
      title={t('selectMember')}
      url={url ?? '/api/blade-user/page'}
      labelsUrl={labelsUrl ?? '/api/blade-user/select'}
      labelField="realName"
      columns={[
        { name: 'realName', title: t('realName'), searchKey: 'realName_like' },
        { name: 'idcard', title: t('idCard'), searchKey: 'idcard_like', read: (r) => r.idcard ?? r.idCard },
      ]}
    />
  );
}

/** A tree-table selector with columns id and deptName, lazy tree, page 10, selection kept across pages,
 * confirm/cancel, over given endpoints (by default the dept lazy list, `dept/lazy-list?parentId`, the
 * dept screen's view permission, naming saved values through `dept/select?ids=`). Definition fields
 * get the party-organisation selector from `ref.pick.tree` (resource/fields.tsx), not from this. */
export function PartyOrgSelect({ url, labelsUrl, ...props }: PickerProps & EndpointProps) {
  const t = useCrudT();
  return (
    <TableSelect
      {...props}
      title={t('selectOrg')}
      url={url ?? '/api/blade-system/dept/lazy-list'}
      labelsUrl={labelsUrl ?? '/api/blade-system/dept/select'}
      lazyTree
      labelField="deptName"
      columns={[
        { name: 'id', title: t('orgId') },
        { name: 'deptName', title: t('deptName') },
      ]}
    />
  );
}

/** A tree table select over any lazy-list endpoint. */
export const TreeTableSelect = (props: Omit<TableSelectProps, 'lazyTree'>) => (
  <TableSelect {...props} lazyTree />
);

const treeCache = new Map<string, Promise<TreeNode[]>>();
export const loadTree = (url: string, params?: Record<string, string>): Promise<TreeNode[]> => {
  const key = `${url}?${new URLSearchParams(params).toString()}`;
  let hit = treeCache.get(key);
  if (!hit) {
    hit = http.get<R<TreeNode[]>>(url, { params }).then((r) => r.data.data ?? []);
    hit.catch(() => treeCache.delete(key));
    treeCache.set(key, hit);
  }
  return hit;
};
/** Trees change when their screen saves: drop the cached ones. */
export const clearTreeCache = (): void => treeCache.clear();
// any resource's change may be a tree's (depts, menus, regions, ...)
onResourceChanged(undefined, clearTreeCache);

export interface TreePickProps {
  url: string;
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Extra root option (e.g. 顶级 with value '0'). */
  root?: { value: string; title: string };
  id?: string;
}

/** A tree select over a `TreeNode` endpoint; a multi-select value is sent comma-joined. */
export function TreePick({ url, value, onChange, multiple, placeholder, disabled, root, id }: TreePickProps) {
  const [tree, setTree] = useState<TreeNode[]>([]);
  useEffect(() => {
    let alive = true;
    loadTree(url)
      .then((nodes) => alive && setTree(nodes))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [url]);
  const data = root
    ? [{ id: root.value, parentId: '', key: root.value, value: root.value, title: root.title }, ...tree]
    : tree;
  const text = value === undefined || value === null || value === '' ? undefined : String(value);
  return (
    <TreeSelect
      id={id}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      disabled={disabled}
      placeholder={placeholder}
      treeData={data}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={multiple ? TreeSelect.SHOW_ALL : undefined}
      value={multiple ? (text ? text.split(',') : []) : text}
      onChange={(next: string | string[] | undefined) =>
        onChange?.(Array.isArray(next) ? next.join(',') || undefined : next)
      }
      style={{ width: '100%' }}
    />
  );
}

/** Dept select: the department tree. */
export function DeptSelect(props: Omit<TreePickProps, 'url'>) {
  const t = useCrudT();
  return <TreePick placeholder={t('selectDept')} {...props} url="/api/blade-system/dept/tree" />;
}
