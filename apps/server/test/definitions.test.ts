import { buttonCode, buttonCodes, hasProcess, hasStandard, processesOf, resources } from '@tongxin/resources';
import { describe, expect, it } from 'vitest';
import { seedDicts } from '../src/seed/data/dicts.js';
import { type SeedMenu, seedMenus } from '../src/seed/data/menus.js';

// Every definition must agree with the seeded menus (its button codes) and dictionaries (its dict codes).
const codes = new Set<string>();
const paths = new Set<string>();
const walk = (menus: SeedMenu[]) => {
  for (const m of menus) {
    codes.add(m.code);
    if (m.category === 1 && m.path) paths.add(m.path);
    walk(m.children ?? []);
  }
};
walk(seedMenus);
const dicts = new Map(seedDicts.map((d) => [d.code, d]));

describe.each(resources.map((d) => [d.name, d] as const))('definition %s', (_name, def) => {
  it('is well formed', () => {
    expect(def.path).toMatch(/^\/api\/[a-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/);
    const names = def.fields.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of def.fields) {
      expect(f.label.zh, f.name).toBeTruthy();
      expect(f.label.en, f.name).toBeTruthy();
    }
    if (def.tree) expect(names).toContain(def.tree.parentField);
    for (const s of def.defaultSort ?? [])
      expect([...names, 'id', 'createTime', 'updateTime']).toContain(s.field);
    // a row action's wording follows one of the record's fields
    for (const a of def.actions ?? []) if (a.toggle) expect(names, a.name).toContain(a.toggle.field);
  });

  it('uses button codes the seeded menus have', () => {
    for (const action of ['add', 'edit', 'delete', 'view'] as const) {
      if (hasStandard(def, action)) expect(codes, buttonCode(def, action)).toContain(buttonCode(def, action));
    }
    if (!hasStandard(def, 'view')) expect(codes).toContain(def.permission);
    if (def.exportable) expect(codes).toContain(buttonCode(def, 'export'));
    if (def.importable) expect(codes).toContain(buttonCode(def, 'import'));
    for (const a of def.actions ?? []) expect(codes).toContain(a.code ?? `${def.permission}_${a.name}`);
    // a second screen serving the resource has the same buttons under its own prefix
    for (const alias of def.permissionAliases ?? []) {
      for (const action of ['add', 'edit', 'delete', 'view'] as const)
        if (hasStandard(def, action)) expect(codes).toContain(`${alias}_${action}`);
      for (const a of def.actions ?? []) if (!a.code) expect(codes).toContain(`${alias}_${a.name}`);
    }
    // extra picker codes name seeded codes (or a prefix of some)
    for (const p of def.pickers ?? [])
      expect(
        [...codes].some((c) => (p.endsWith('*') ? c.startsWith(p.slice(0, -1)) : c === p)),
        p,
      ).toBe(true);
  });

  it('names fields, resources and menu paths that exist in its vocabulary', () => {
    const names = new Set([
      ...def.fields.map((f) => f.name),
      ...(def.audit ? ['status'] : []),
      ...(hasProcess(def) ? ['auditStatus'] : []),
    ]);
    for (const f of def.fields) if (f.visibleWhen) expect(names, f.name).toContain(f.visibleWhen.field);
    if (def.own) expect(names, 'own').toContain(def.own.field);
    if (def.editableWhen) expect(names, 'editableWhen').toContain(def.editableWhen.field);
    // a comparison's snapshots are two text fields of the definition
    for (const f of def.fields.filter((x) => x.compare)) {
      expect(f.kind, f.name).toBe('text');
      expect(def.fields.find((x) => x.name === f.compare!.before)?.kind, f.name).toBe('text');
      expect(f.compare!.keys.length, f.name).toBeGreaterThan(0);
    }
    if (def.process?.when) expect(names).toContain(def.process.when.field);
    // a process's applicant names a field holding a user's id
    for (const p of processesOf(def).filter((x) => x.applicant)) {
      const field = def.fields.find((x) => x.name === p.applicant);
      expect(field?.kind === 'long' || field?.ref?.resource === 'user', `${p.key}.applicant`).toBe(true);
    }
    for (const a of def.actions ?? []) {
      if (a.when) expect(names, a.name).toContain(a.when.field);
      if (a.mine) expect(names, a.name).toContain(a.mine.field);
      // a download names an exportable resource, its foreign key, and a code its export accepts
      if (a.download) {
        const target = resources.find((r) => r.name === a.download!.resource);
        expect(target?.exportable, a.name).toBe(true);
        expect(
          target!.fields.map((f) => f.name),
          a.name,
        ).toContain(a.download.foreignKey);
        expect(buttonCodes(target!, 'export'), a.name).toContain(a.code ?? `${def.permission}_${a.name}`);
      }
      for (const field of Object.keys(a.effect?.set ?? {})) expect(names, a.name).toContain(field);
      if (a.effect?.from) expect(names, a.name).toContain(a.effect.from.field);
      if (a.effect?.set && Object.values(a.effect.set).includes('$reason'))
        expect(a.reason, a.name).toBeDefined();
    }
    // a lapse moves a field of the row when a time field of it passes (auditStatus: an approval column)
    const approval = hasProcess(def) ? ['auditStatus'] : [];
    for (const l of def.lapses ?? []) {
      expect(names, 'lapse').toContain(l.field);
      expect(def.fields.find((f) => f.name === l.at)?.kind, l.at).toMatch(/^date(time)?$/);
      if (l.when) expect([...names, ...approval], 'lapse').toContain(l.when.field);
    }
    for (const d of def.details ?? []) {
      const child = resources.find((r) => r.name === d.resource);
      expect(child, d.resource).toBeDefined();
      expect(child!.fields.map((f) => f.name)).toContain(d.foreignKey);
    }
    // a definition's screens are seeded menu paths, each served by one definition
    for (const screen of def.screens ?? []) {
      expect(paths, screen).toContain(screen);
      expect(resources.filter((r) => r.screens?.includes(screen)).map((r) => r.name)).toEqual([def.name]);
    }
  });

  it('binds dictionaries that are seeded, at the right level', () => {
    for (const f of def.fields.filter((x) => x.dict)) {
      const seeded = dicts.get(f.dict!.code);
      expect(seeded, `${f.name}: ${f.dict!.code}`).toBeDefined();
      expect(Boolean(seeded!.biz), `${f.name}: ${f.dict!.code} biz`).toBe(Boolean(f.dict!.biz));
    }
  });
});
