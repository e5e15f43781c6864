import { website } from './config';

/** One stored browser item (docs/front-end.md#the-shells-frame). */
export interface StoredItem<T = unknown> {
  dataType: string;
  content: T;
  /** Truthy: the item lives in session storage. */
  type?: string | boolean;
  /** ms timestamp of the write. */
  datetime: number;
}

export interface SetStoreOptions<T> {
  name: string;
  content: T;
  /** Any truthy value selects session storage; local storage otherwise. */
  type?: string | boolean;
}

const prefix = `${website.key}-`;
export const storageKey = (name: string): string => prefix + name;

const storageFor = (session: boolean): Storage => (session ? window.sessionStorage : window.localStorage);

function read(storage: Storage, name: string): StoredItem | undefined {
  const raw = storage.getItem(storageKey(name));
  if (raw === null) return undefined;
  try {
    const item = JSON.parse(raw) as StoredItem;
    return item && typeof item === 'object' && 'content' in item ? item : undefined;
  } catch {
    return undefined;
  }
}

export function setStore<T>({ name, content, type }: SetStoreOptions<T>): void {
  const item: StoredItem<T> = {
    dataType: Array.isArray(content) ? 'array' : content === null ? 'null' : typeof content,
    content,
    type,
    datetime: Date.now(),
  };
  storageFor(Boolean(type)).setItem(storageKey(name), JSON.stringify(item));
}

/** Session storage first (items written with a type), then local storage. */
export function getStoreItem<T>(name: string): StoredItem<T> | undefined {
  return (read(window.sessionStorage, name) ?? read(window.localStorage, name)) as StoredItem<T> | undefined;
}

export function getStore<T>(name: string): T | undefined {
  return getStoreItem<T>(name)?.content;
}

export function removeStore(name: string): void {
  window.sessionStorage.removeItem(storageKey(name));
  window.localStorage.removeItem(storageKey(name));
}

/** Every item of one storage area written by this site, by unprefixed name. */
export function getAllStore(session = false): Record<string, unknown> {
  const storage = storageFor(session);
  const all: Record<string, unknown> = {};
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (!key?.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    const item = read(storage, name);
    if (item) all[name] = item.content;
  }
  return all;
}

/** Removes this site's items only, from one area or both. */
export function clearStore(area?: 'session' | 'local'): void {
  const areas = area ? [storageFor(area === 'session')] : [window.sessionStorage, window.localStorage];
  for (const storage of areas) {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
  }
}
