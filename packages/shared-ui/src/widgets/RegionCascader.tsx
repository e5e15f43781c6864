import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { http, type R } from '@tongxin/api-client';
import { regionResource } from '@tongxin/resources';
import { useCrudT } from '../resource/i18n';
import { onResourceChanged } from '../resource/resource-events';
import type { TreeNode } from '../resource/wire';

export const REGION_LAZY_TREE = '/api/blade-system/region/lazy-tree';
const ROOT = '00';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
}

const cache = new Map<string, Promise<Option[]>>();
/** The regions below `parentCode` (root `00`), cached: a region tree hardly changes within a session. */
export function regionChildren(parentCode: string): Promise<Option[]> {
  let hit = cache.get(parentCode);
  if (!hit) {
    hit = http.get<R<TreeNode[]>>(REGION_LAZY_TREE, { params: { parentCode } }).then((res) =>
      (res.data.data ?? []).map((n) => ({
        value: String(n.value ?? n.id),
        label: n.title,
        isLeaf: !n.hasChildren,
      })),
    );
    hit.catch(() => cache.delete(parentCode));
    cache.set(parentCode, hit);
  }
  return hit;
}
/** Regions were edited: read them afresh. */
export const clearRegionCache = (): void => cache.clear();
// a save, removal or action on the region screen (ResourcePage) drops the cache
onResourceChanged(regionResource, clearRegionCache);

const pathOf = (value: unknown): string[] =>
  typeof value === 'string' && value
    ? value.split(',').filter(Boolean)
    : Array.isArray(value)
      ? value.map(String)
      : [];

/** The options from the root down along `path`, each level loaded (so a saved value shows its names). */
async function optionsAlong(path: string[]): Promise<Option[]> {
  const roots = (await regionChildren(ROOT)).map((o) => ({ ...o }));
  let level = roots;
  for (const code of path.slice(0, -1)) {
    const node = level.find((o) => o.value === code);
    if (!node || node.isLeaf) break;
    node.children = (await regionChildren(code)).map((o) => ({ ...o }));
    level = node.children;
  }
  return roots;
}

export interface RegionCascaderProps {
  /** The chosen path of region codes, province first, comma-joined (what the field stores). */
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** The region field: a cascader over the lazy region tree (`region/lazy-tree?parentCode`); any level may
 * be chosen. */
export function RegionCascader({ value, onChange, disabled, placeholder, id }: RegionCascaderProps) {
  const t = useCrudT();
  const [options, setOptions] = useState<Option[]>([]);
  const path = pathOf(value);
  const key = path.join(',');
  useEffect(() => {
    let alive = true;
    optionsAlong(key ? key.split(',') : [])
      .then((o) => alive && setOptions(o))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [key]);
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={options}
      value={path}
      disabled={disabled}
      placeholder={placeholder ?? t('selectRegion')}
      changeOnSelect
      allowClear
      loadData={(selected) => {
        const target = selected[selected.length - 1] as Option;
        void regionChildren(target.value).then((kids) => {
          target.children = kids.map((o) => ({ ...o }));
          setOptions((o) => [...o]);
        });
      }}
      onChange={(next) => onChange?.(next && next.length ? next.map(String).join(',') : undefined)}
    />
  );
}

/** A stored region path shown as names (`西藏自治区 / 拉萨市 / 城关区`). */
export function RegionText({ value }: { value?: unknown }) {
  const [text, setText] = useState('');
  const key = pathOf(value).join(',');
  useEffect(() => {
    let alive = true;
    const path = key ? key.split(',') : [];
    optionsAlong(path)
      .then((roots) => {
        const names: string[] = [];
        let level: Option[] | undefined = roots;
        for (const code of path) {
          const hit: Option | undefined = level?.find((o) => o.value === code);
          names.push(hit?.label ?? code);
          level = hit?.children;
        }
        if (alive) setText(names.join(' / '));
      })
      .catch(() => alive && setText(path.join(' / ')));
    return () => {
      alive = false;
    };
  }, [key]);
  return <>{text}</>;
}
