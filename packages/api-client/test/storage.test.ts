import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearStore,
  getAllStore,
  getStore,
  getStoreItem,
  removeStore,
  setStore,
  storageKey,
} from '../src/storage';

describe('storage with the site-key prefix', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('prefixes keys with the site key', () => {
    setStore({ name: 'token', content: 'abc' });
    expect(storageKey('token')).toBe('saber-token');
    expect(localStorage.getItem('saber-token')).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stores {dataType, content, type, datetime}', () => {
    const before = Date.now();
    setStore({ name: 'tags', content: [1, 2] });
    const item = JSON.parse(localStorage.getItem('saber-tags')!);
    expect(item.dataType).toBe('array');
    expect(item.content).toEqual([1, 2]);
    expect(item.datetime).toBeGreaterThanOrEqual(before);
    expect(getStoreItem('tags')?.dataType).toBe('array');
    setStore({ name: 's', content: 'x' });
    expect(getStoreItem('s')?.dataType).toBe('string');
  });

  it('uses session storage when a type is given, local storage otherwise', () => {
    setStore({ name: 'a', content: 1, type: 'session' });
    setStore({ name: 'b', content: 2 });
    expect(sessionStorage.getItem('saber-a')).not.toBeNull();
    expect(localStorage.getItem('saber-a')).toBeNull();
    expect(localStorage.getItem('saber-b')).not.toBeNull();
    expect(getStore('a')).toBe(1);
    expect(getStore('b')).toBe(2);
  });

  it('returns undefined for missing or corrupt items', () => {
    expect(getStore('nothing')).toBeUndefined();
    localStorage.setItem('saber-bad', '{not json');
    expect(getStore('bad')).toBeUndefined();
  });

  it('removes from both areas and clears only the site items', () => {
    setStore({ name: 'a', content: 1, type: true });
    setStore({ name: 'b', content: 2 });
    localStorage.setItem('other-app', 'keep');
    expect(getAllStore()).toEqual({ b: 2 });
    expect(getAllStore(true)).toEqual({ a: 1 });
    removeStore('a');
    expect(getStore('a')).toBeUndefined();
    clearStore();
    expect(getStore('b')).toBeUndefined();
    expect(localStorage.getItem('other-app')).toBe('keep');
  });
});
