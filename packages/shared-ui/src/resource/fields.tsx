import { useCallback, useEffect, useState } from 'react';
import { DatePicker, Input, InputNumber, Select, Switch, Tag, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { http, type R } from '@tongxin/api-client';
import {
  fieldProblem,
  normalizeValue,
  refNameField,
  resources,
  type FieldDef,
  type Label,
  type ResourceDef,
} from '@tongxin/resources';
import { RegionCascader } from '../widgets/RegionCascader';
import { htmlToText } from '../widgets/rich-text';
import { RichTextEditor } from '../widgets/RichTextEditor';
import { Uploader, parseFileList } from '../widgets/Uploader';
import { TableSelect, TreePick, UserSelect } from '../widgets/pickers';
import { dictItems, useDictStore } from './dict-store';
import { useCrudT, useLabel } from './i18n';
import { useRecordTenant } from './record-tenant';
import { resourceCalls, type Row, type TreeNode } from './wire';

export const resourceByName = (name: string): ResourceDef | undefined =>
  resources.find((r) => r.name === name);

/** The antd rules of a field: one validator running the field check the server runs too
 * (@tongxin/resources rules: required, the field's named rule, length, range, pattern) on the value the
 * form would send, so the form refuses what the server refuses, with the same message. `required`
 * only marks the label. */
export function rulesOf(field: FieldDef, label: (message: Label) => string): Rule[] {
  return [
    {
      required: !!field.required,
      validator: async (_rule, value: unknown) => {
        const problem = fieldProblem(field, toWireValue(field, value));
        if (problem) throw new Error(label(problem));
      },
    },
  ];
}

/** `rulesOf` in the current language. */
export function useRules(): (field: FieldDef) => Rule[] {
  const label = useLabel();
  return (field) => rulesOf(field, label);
}

/** Wire value → form value. */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return field.kind === 'flag' ? 0 : undefined;
  if (field.kind === 'date' || field.kind === 'datetime') return dayjs(String(value));
  if (field.kind === 'int' || field.kind === 'decimal' || field.kind === 'flag') {
    const n = Number(value);
    return Number.isNaN(n) ? value : n;
  }
  if (field.kind === 'dict' && field.dict) return String(value);
  return value;
}

/** Form value → wire value (dates as BladeX `yyyy-MM-dd HH:mm:ss`, lists comma-joined, values with a
 * named rule in the canonical form the server stores: trimmed, 15-digit id cards upgraded). */
export function toWireValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (dayjs.isDayjs(value))
    return (value as Dayjs).format(field.kind === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss');
  return normalizeValue(field, Array.isArray(value) ? value.join(',') : value);
}

interface InputProps {
  field: FieldDef;
  disabled?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Placeholder override (search form). */
  placeholder?: string;
  /** In the search form: selects instead of switches, no uploads. */
  search?: boolean;
  /** Given by Form.Item so its label points at the input. */
  id?: string;
}

/** The antd input a field kind is edited with. */
export function FieldInput({ field, disabled, value, onChange, placeholder, search, id }: InputProps) {
  const t = useCrudT();
  const label = useLabel();
  const name = label(field.label);
  const ph =
    placeholder ??
    t(field.dict || field.ref || field.options ? 'selectPlaceholder' : 'inputPlaceholder', { label: name });
  const common = { disabled, placeholder: ph, id };

  if (field.dict && !(field.kind === 'flag' && !search))
    return (
      <DictSelect dict={field.dict} multiple={field.multiple} {...common} value={value} onChange={onChange} />
    );
  if (field.options)
    return (
      <ChoiceSelect
        {...common}
        multiple={field.multiple}
        value={value}
        onChange={onChange}
        options={field.options.map((o) => ({ value: String(o.value), label: label(o.label) }))}
      />
    );
  return <KindInput field={field} common={common} value={value} onChange={onChange} search={search} />;
}

/** A select of static choices; several (sent comma-joined) for a `multiple` field. */
function ChoiceSelect({
  multiple,
  value,
  onChange,
  ...rest
}: {
  multiple?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  options: { value: string; label: string }[];
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}) {
  const text = value === undefined || value === null || value === '' ? undefined : String(value);
  return (
    <Select
      {...rest}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? (text ? text.split(',') : []) : text}
      onChange={(v: string | string[]) => onChange?.(Array.isArray(v) ? v.join(',') : v)}
      style={{ width: '100%' }}
    />
  );
}

/** A yes/no field: a switch in the form, a 是/否 select in the search form. */
function FlagInput({
  common,
  value,
  onChange,
  search,
}: {
  common: { disabled?: boolean; placeholder: string; id?: string };
  value?: unknown;
  onChange?: (value: unknown) => void;
  search?: boolean;
}) {
  const t = useCrudT();
  if (search)
    return (
      <Select
        {...common}
        allowClear
        value={value as number | undefined}
        onChange={onChange}
        options={[
          { value: 1, label: t('yes') },
          { value: 0, label: t('no') },
        ]}
      />
    );
  return (
    <Switch
      id={common.id}
      disabled={common.disabled}
      checked={Number(value ?? 0) === 1}
      onChange={(checked) => onChange?.(checked ? 1 : 0)}
    />
  );
}

/** The input of a field without choices, by its kind. */
function KindInput({
  field,
  common,
  value,
  onChange,
  search,
}: {
  field: FieldDef;
  common: { disabled?: boolean; placeholder: string; id?: string };
  value?: unknown;
  onChange?: (value: unknown) => void;
  search?: boolean;
}) {
  const { disabled, placeholder: ph, id } = common;
  switch (field.kind) {
    case 'flag':
      return <FlagInput common={common} value={value} onChange={onChange} search={search} />;
    case 'int':
    case 'long':
    case 'decimal':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          precision={field.kind === 'decimal' ? undefined : 0}
          value={value as number | undefined}
          onChange={(v) => onChange?.(field.kind === 'long' && v !== null ? String(v) : v)}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          showTime={field.kind === 'datetime'}
          value={value as Dayjs | undefined}
          onChange={(v) => onChange?.(v ?? undefined)}
        />
      );
    case 'text':
      return (
        <Input.TextArea
          {...common}
          rows={4}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'richtext':
      // searched as plain text; edited with formatting
      if (search) break;
      return (
        <RichTextEditor
          id={id}
          disabled={disabled}
          placeholder={ph}
          value={value as string | undefined}
          onChange={onChange}
        />
      );
    case 'region':
      return (
        <RegionCascader
          id={id}
          disabled={disabled}
          placeholder={ph}
          value={value as string | undefined}
          onChange={onChange}
        />
      );
    case 'images':
    case 'files':
      return (
        <Uploader
          value={value as string | undefined}
          onChange={onChange}
          accept={field.accept}
          maxCount={field.maxCount ?? 1}
          disabled={disabled}
        />
      );
    case 'ref':
    case 'parent':
      if (field.ref) return <RefInput field={field} {...common} value={value} onChange={onChange} />;
      break;
    default:
      if (field.ref) return <RefInput field={field} {...common} value={value} onChange={onChange} />;
      if (field.multiline)
        return (
          <Input.TextArea
            {...common}
            rows={4}
            value={value as string}
            onChange={(e) => onChange?.(e.target.value)}
          />
        );
  }
  return (
    <Input
      {...common}
      allowClear
      type={field.secret ? 'password' : undefined}
      value={value as string}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

export function DictSelect({
  dict,
  multiple,
  ...rest
}: {
  dict: { code: string; biz?: boolean };
  multiple?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const all = useDictStore((s) => s.items);
  const ensure = useDictStore((s) => s.ensure);
  useEffect(() => {
    void ensure([dict]);
  }, [dict, ensure, all]);
  const items = dictItems(all, dict);
  return (
    <ChoiceSelect
      {...rest}
      multiple={multiple}
      options={items.map((item) => ({ value: item.dictKey, label: item.dictValue }))}
    />
  );
}

/** Dictionary tag(s) of a value (comma-separated values show one tag each). */
export function DictTag({ dict, value }: { dict: { code: string; biz?: boolean }; value: unknown }) {
  const items = dictItems(
    useDictStore((s) => s.items),
    dict,
  );
  if (value === undefined || value === null || value === '') return null;
  return (
    <>
      {String(value)
        .split(',')
        .map((key) => {
          const hit = items.find((i) => i.dictKey === key);
          // the item's colour (status dictionaries): an antd preset or #rrggbb
          return hit ? (
            <Tag key={key} color={hit.color || undefined}>
              {hit.dictValue}
            </Tag>
          ) : (
            <span key={key}>{key}</span>
          );
        })}
    </>
  );
}

/** A reference chosen in a dialog (`ref.pick`): the table select over the resource's `page`, or with
 * `pick.tree` the tree-table selector (docs/front-end.md#pickers-and-widgets) over its `lazy-tree` (the
 * tree's label read from the nodes' `title`); saved values are named through `select`. */
function PickDialogInput({
  def,
  field,
  value,
  onChange,
  disabled,
  placeholder,
}: {
  def: ResourceDef;
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const t = useCrudT();
  const label = useLabel();
  const ref = field.ref!;
  const pick = ref.pick!;
  const tree = Boolean(pick.tree && def.tree);
  const treeLabel = def.tree?.labelField;
  const columns = pick.columns.map((name) => {
    const column = def.fields.find((f) => f.name === name);
    const title = column ? label(column.label) : name === 'id' ? t('orgId') : name;
    if (!tree) return { name, title, searchKey: `${name}_like` };
    return name === treeLabel ? { name, title, read: (r: Row) => r[name] ?? r.title } : { name, title };
  });
  return (
    <TableSelect
      title={label(pick.title)}
      url={`${def.path}/${tree ? 'lazy-tree' : 'page'}`}
      lazyTree={tree}
      labelsUrl={`${def.path}/select`}
      labelField={ref.labelField}
      multiple={!!ref.multiple}
      disabled={disabled}
      placeholder={placeholder}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      onChange={(v) => onChange?.(v || undefined)}
      columns={columns}
    />
  );
}

/** A reference: tree resources (and menus) as a tree select; users through the user picker (of the
 * record's tenant, see record-tenant.tsx); others through `<path>/select`. */
function RefInput({
  field,
  value,
  onChange,
  placeholder,
  disabled,
  id,
}: {
  id?: string;
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  const target = field.ref!.resource;
  const multiple = !!field.ref!.multiple;
  const tenant = useRecordTenant();
  if (target === 'user')
    return (
      <UserSelect
        tenantId={tenant}
        multiple={multiple}
        value={value as string}
        onChange={(v) => onChange?.(v)}
        disabled={disabled}
      />
    );
  if (target === 'menu')
    return (
      <TreePick
        id={id}
        url="/api/blade-system/menu/tree"
        multiple={multiple}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        disabled={disabled}
        root={field.kind === 'parent' ? { value: '0', title: '顶级' } : undefined}
      />
    );
  const def = resourceByName(target);
  const pick = field.ref!.pick;
  if (def && pick)
    return (
      <PickDialogInput
        def={def}
        field={field}
        value={value}
        onChange={onChange}
        disabled={disabled}
        placeholder={placeholder}
      />
    );
  if (def?.tree?.lazy && def.tree.keyField && def.tree.keyField !== 'id')
    return (
      <LazyTreePick
        def={def}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        disabled={disabled}
      />
    );
  // Platform-wide resources (roles, depts, posts): `select` answers the caller's tenant only, while their
  // trees span every tenant for the platform administrator, so a reference picks from `select`.
  if (def?.tree && !(def.platformWide && field.kind === 'ref'))
    return (
      <TreePick
        id={id}
        url={`${def.path}/tree`}
        multiple={multiple}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        disabled={disabled}
        root={field.kind === 'parent' ? { value: def.tree.root ?? '0', title: '顶级' } : undefined}
      />
    );
  if (def)
    return (
      <SelectRef
        def={def}
        multiple={multiple}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        disabled={disabled}
      />
    );
  return (
    <Input
      value={value as string}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
}

function SelectRef({
  def,
  multiple,
  value,
  onChange,
  placeholder,
  disabled,
}: {
  def: ResourceDef;
  multiple: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let alive = true;
    resourceCalls(def)
      .select()
      .then((o) => alive && setOptions(o))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [def]);
  const text = value === undefined || value === null || value === '' ? undefined : String(value);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      mode={multiple ? 'multiple' : undefined}
      disabled={disabled}
      placeholder={placeholder}
      value={multiple ? (text ? text.split(',') : []) : text}
      onChange={(v: string | string[]) => onChange?.(Array.isArray(v) ? v.join(',') : v)}
      options={options}
      style={{ width: '100%' }}
    />
  );
}

/** Lazy tree select keyed by another field (regions by code). */
function LazyTreePick({
  def,
  value,
  onChange,
  placeholder,
  disabled,
}: {
  def: ResourceDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  const root = def.tree!.root ?? '0';
  const [nodes, setNodes] = useState<(TreeNode & { pId: string; isLeaf: boolean })[]>([]);
  const load = useCallback(
    (parentId: string) =>
      http.get<R<TreeNode[]>>(`${def.path}/lazy-tree`, { params: { parentId } }).then((res) => {
        const add = (res.data.data ?? []).map((n) => ({ ...n, pId: parentId, isLeaf: !n.hasChildren }));
        setNodes((list) => [...list.filter((x) => !add.some((a) => a.id === x.id)), ...add]);
      }),
    [def.path],
  );
  useEffect(() => {
    load(root).catch(() => undefined);
  }, [load, root]);
  const text = value === undefined || value === null || value === '' ? undefined : String(value);
  return (
    <TreeSelect
      allowClear
      treeDataSimpleMode={{ id: 'id', pId: 'pId' }}
      treeData={[
        { id: root, pId: '', value: root, title: '顶级', isLeaf: true, key: root, parentId: '' },
        ...nodes,
      ]}
      loadData={(node) => load(String(node.value))}
      value={text}
      onChange={(v: string) => onChange?.(v)}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** A row's value for display (view mode, table cells without a dictionary). */
export function displayValue(field: FieldDef, row: Row, label?: (l: FieldDef['label']) => string): unknown {
  const raw = row[field.name];
  if (field.options && raw !== undefined && raw !== null && raw !== '')
    return String(raw)
      .split(',')
      .map((v) => {
        const hit = field.options!.find((o) => String(o.value) === v);
        return hit ? (label ? label(hit.label) : hit.label.zh) : v;
      })
      .join(', ');
  const named = row[refNameField(field.name)];
  if ((field.kind === 'ref' || field.kind === 'parent') && named) return named;
  if (field.kind === 'images' || field.kind === 'files')
    return parseFileList(raw)
      .map((f) => f.originalName)
      .join(', ');
  // stored HTML is never shown as markup in a cell: its text only
  if (field.kind === 'richtext' && typeof raw === 'string') return htmlToText(raw);
  return raw;
}
