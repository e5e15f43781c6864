import { useEffect } from 'react';
import { create } from 'zustand';
import { http, type DictItem, type R } from '@tongxin/api-client';
import type { ResourceDef } from '@tongxin/resources';

export interface DictRef {
  code: string;
  biz?: boolean;
}

const keyOf = (ref: DictRef) => `${ref.biz ? 'biz' : 'sys'}:${ref.code}`;
const refOf = (key: string): DictRef => ({ code: key.slice(4), biz: key.startsWith('biz:') });
const BATCH_URL = {
  sys: '/api/blade-system/dict/dictionary-batch',
  biz: '/api/blade-system/dict-biz/dictionary-batch',
} as const;

interface DictState {
  /** `sys:<code>` / `biz:<code>` → items, once loaded. */
  items: Record<string, DictItem[]>;
  /** Loads every missing code in one batched call per dictionary kind (system, business). */
  ensure: (refs: DictRef[]) => Promise<void>;
  /** Drops a code (after that dictionary changed); screens showing it load it again. */
  invalidate: (code?: string, biz?: boolean) => void;
}

const inFlight = new Map<string, Promise<void>>();
/** Codes asked for during the current tick, per kind: every field's request of one render is batched. */
const queued = { sys: new Set<string>(), biz: new Set<string>() };
let flush: Promise<void> | undefined;

/** The page-wide dictionary cache (shared-ui is a singleton, so one cache for every remote). */
export const useDictStore = create<DictState>((set, get) => ({
  items: {},
  ensure: async (refs) => {
    const waits: Promise<void>[] = [];
    for (const ref of refs) {
      const kind = ref.biz ? 'biz' : 'sys';
      const key = `${kind}:${ref.code}`;
      if (get().items[key]) continue;
      const pending = inFlight.get(key);
      if (pending) waits.push(pending);
      else queued[kind].add(ref.code);
    }
    if (queued.sys.size || queued.biz.size) {
      flush ??= Promise.resolve().then(async () => {
        flush = undefined;
        const calls: Promise<void>[] = [];
        for (const kind of ['sys', 'biz'] as const) {
          const todo = [...queued[kind]];
          queued[kind].clear();
          if (!todo.length) continue;
          const call = http
            .get<R<Record<string, DictItem[]>>>(BATCH_URL[kind], { params: { codes: todo.join(',') } })
            .then((res) => {
              const data = res.data.data ?? {};
              set((s) => {
                const next = { ...s.items };
                for (const code of todo) next[`${kind}:${code}`] = data[code] ?? [];
                return { items: next };
              });
            })
            .catch(() => undefined)
            .finally(() => todo.forEach((code) => inFlight.delete(`${kind}:${code}`)));
          todo.forEach((code) => inFlight.set(`${kind}:${code}`, call));
          calls.push(call);
        }
        await Promise.all(calls);
      });
      waits.push(flush);
    }
    await Promise.all(waits);
  },
  invalidate: (code, biz) =>
    set((s) => {
      if (code === undefined) return { items: {} };
      const next = { ...s.items };
      if (biz === undefined || !biz) delete next[`sys:${code}`];
      if (biz === undefined || biz) delete next[`biz:${code}`];
      return { items: next };
    }),
}));

export const dictRefsOf = (def: ResourceDef): DictRef[] =>
  def.fields
    .flatMap((f) => [f, ...(f.compare?.keys ?? [])])
    .filter((f) => f.dict)
    .map((f) => ({ code: f.dict!.code, biz: f.dict!.biz }));

/** One batched call for every dictionary a screen shows; re-run when a code is dropped. */
export function useDicts(refs: DictRef[]): Record<string, DictItem[]> {
  const items = useDictStore((s) => s.items);
  const ensure = useDictStore((s) => s.ensure);
  const missingKey = refs
    .filter((r) => !items[keyOf(r)])
    .map(keyOf)
    .sort()
    .join(',');
  useEffect(() => {
    if (missingKey) void ensure(missingKey.split(',').map(refOf));
  }, [missingKey, ensure]);
  return items;
}

export const dictItems = (items: Record<string, DictItem[]>, ref: DictRef): DictItem[] =>
  items[keyOf(ref)] ?? [];
