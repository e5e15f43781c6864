/** A definition's screen metadata: where its menu stands in the tree and which buttons the menu carries.
 * The server seeds the menu rows from these (apps/server/src/seed/data/screen-menus.ts), so a resource
 * needs no hand-written menu entry (docs/adding-a-resource.md). */
import { actionCode, hasStandard, processesOf, type ActionDef, type Label, type ResourceDef } from './define';

/** Where a button shows (dict `button_func`): 0 nowhere (a right only), 1 toolbar, 2 row, 3 both. */
export type ButtonPlace = 0 | 1 | 2 | 3;

/** One button row under a screen's menu: its code is `<menu code>_<alias>`. */
export interface MenuButton {
  alias: string;
  label: Label;
  action: ButtonPlace;
}

/** The menu of an approval process's generic audit screen (the process's `auditScreen`): code the
 * process's `perm` without its last `_audit`, buttons 查看 and 审核 (the `perm`). */
export interface AuditMenu {
  /** The process key (`process.key` or one of `laterProcesses`). */
  process: string;
  sort: number;
  label: Label;
  /** antd icon (default `AuditOutlined`). */
  icon?: string;
}

export interface ScreenMenu {
  /** The code of the group menu the screen stands under. */
  parent: string;
  /** Its place among the group's menus, from 1 (the group's hand-written menus fill the other places);
   * without one, it follows them (a generated resource, until it is given its place). */
  sort?: number;
  /** antd icon name (apps/shell/src/menu/MenuIcon.tsx). */
  icon: string;
  /** The menu's name where it is not the definition's label. */
  label?: Label;
  /** The menu path where the definition names no `screens` (a page of the remote's own). */
  path?: string;
  /** The buttons in order, where they are not the derived ones (`menuButtonsOf`): a name resolves to a
   * standard button (`MENU_BUTTONS`) or to the definition's action of that name. */
  buttons?: (string | MenuButton)[];
  /** The audit screens of the definition's processes. */
  audits?: AuditMenu[];
}

/** The buttons every screen shares, by alias. */
export const MENU_BUTTONS: Record<string, MenuButton> = Object.fromEntries(
  (
    [
      ['add', '新增', 'Add', 1],
      ['edit', '修改', 'Edit', 2],
      ['delete', '删除', 'Delete', 3],
      ['view', '查看', 'View', 2],
      ['export', '导出', 'Export', 1],
      ['import', '导入', 'Import', 1],
      ['audit', '审核', 'Review', 2],
      ['reply', '回复', 'Reply', 2],
    ] as const
  ).map(([alias, zh, en, action]) => [alias, { alias, label: { zh, en }, action }]),
);

const PLACE: Record<ActionDef['placement'], ButtonPlace> = { toolbar: 1, row: 2, both: 3 };

/** The action's button, when its code is the definition's own (`<permission>_<name>`). */
function actionButton(def: ResourceDef, action: ActionDef): MenuButton | undefined {
  const prefix = `${def.permission}_`;
  const code = actionCode(def, action);
  if (!code.startsWith(prefix)) return undefined;
  return { alias: code.slice(prefix.length), label: action.label, action: PLACE[action.placement] };
}

/** The buttons derived from the definition: its standard actions, export, import, then its actions
 * (one button per code). */
export function derivedButtons(def: ResourceDef): MenuButton[] {
  const standard = (['add', 'edit', 'delete', 'view'] as const).filter((a) => hasStandard(def, a));
  const buttons = [
    ...standard.map((a) => MENU_BUTTONS[a]!),
    ...(def.exportable ? [MENU_BUTTONS.export!] : []),
    ...(def.importable ? [MENU_BUTTONS.import!] : []),
    ...(def.actions ?? []).flatMap((a) => actionButton(def, a) ?? []),
  ];
  return buttons.filter((b, i) => buttons.findIndex((o) => o.alias === b.alias) === i);
}

/** A button named in `menu.buttons`: a shared one, else the definition's action of that name. */
function namedButton(def: ResourceDef, name: string): MenuButton {
  const shared = MENU_BUTTONS[name];
  if (shared) return shared;
  const action = (def.actions ?? []).map((a) => actionButton(def, a)).find((b) => b?.alias === name);
  if (!action) throw new Error(`${def.name}: menu button ${name} is neither shared nor an action`);
  return action;
}

/** The buttons of the definition's menu, in order. */
export const menuButtonsOf = (def: ResourceDef, menu: ScreenMenu): MenuButton[] =>
  menu.buttons?.map((b) => (typeof b === 'string' ? namedButton(def, b) : b)) ?? derivedButtons(def);

/** A screen menu as the seed writes it (the seed adds the personal-data buttons and the remote). */
export interface DerivedScreen {
  parent: string;
  sort?: number;
  code: string;
  label: Label;
  path: string;
  icon: string;
  buttons: MenuButton[];
}

/** The screens a definition's `menu` declares: its own page, then its processes' audit screens. */
export function screensOf(def: ResourceDef): DerivedScreen[] {
  const menu = def.menu;
  if (!menu) return [];
  const path = menu.path ?? def.screens?.[0];
  if (!path) throw new Error(`${def.name}: a menu needs a path (screens or menu.path)`);
  const own: DerivedScreen = {
    parent: menu.parent,
    sort: menu.sort,
    code: def.permission,
    label: menu.label ?? def.label,
    path,
    icon: menu.icon,
    buttons: menuButtonsOf(def, menu),
  };
  const audits = (menu.audits ?? []).map((audit): DerivedScreen => {
    const process = processesOf(def).find((p) => p.key === audit.process);
    if (!process?.auditScreen) throw new Error(`${def.name}: no audit screen for ${audit.process}`);
    const code = process.perm.replace(/_audit$/, '');
    return {
      parent: menu.parent,
      sort: audit.sort,
      code,
      label: audit.label,
      path: process.auditScreen,
      icon: audit.icon ?? 'AuditOutlined',
      buttons: [MENU_BUTTONS.view!, MENU_BUTTONS.audit!],
    };
  });
  return [own, ...audits];
}
