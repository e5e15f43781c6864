/** The vocabulary of a resource definition: plain data read by the server (routes, validation,
 * allow-lists, permissions) and by the UI (ResourcePage). No React, antd, axios or node:* here. */
import type { RuleName } from './rules/field';
import type { CountedDef } from './counted';
import type { ScreenMenu } from './screen-menu';

export interface Label {
  zh: string;
  en: string;
}

export type FieldKind =
  | 'string'
  | 'text'
  | 'int'
  | 'long'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'flag'
  | 'dict'
  | 'ref'
  | 'parent'
  | 'files'
  | 'images'
  | 'richtext'
  | 'phone'
  | 'idcard'
  | 'email'
  | 'region';

/** Search operators; each maps to one BladeX filter suffix (see `SEARCH_SUFFIX`). */
export type SearchOp =
  | 'like'
  | 'equal'
  | 'notequal'
  | 'likeleft'
  | 'likeright'
  | 'notlike'
  | 'gt'
  | 'lt'
  | 'ge'
  | 'le'
  | 'dategt'
  | 'datelt'
  | 'datege'
  | 'datele'
  | 'dateequal';

export const SEARCH_SUFFIX: Record<SearchOp, string> = {
  like: '_like',
  equal: '_equal',
  notequal: '_notequal',
  likeleft: '_likeleft',
  likeright: '_likeright',
  notlike: '_notlike',
  gt: '_gt',
  lt: '_lt',
  ge: '_ge',
  le: '_le',
  dategt: '_dategt',
  datelt: '_datelt',
  datege: '_datege',
  datele: '_datele',
  dateequal: '_dateequal',
};

/** How a field is searched: one operator, several (the search form offers a choice, the first by
 * default), or `'range'` on a date/datetime (one range picker sending `<field>_datege` and
 * `<field>_datele`; the wire also takes `_dategt` / `_datelt`). */
export type FieldSearch = SearchOp | SearchOp[] | 'range';

/** The operators a range search sends, and those the wire accepts for it besides. */
export const RANGE_OPS: readonly SearchOp[] = ['datege', 'datele', 'dategt', 'datelt', 'dateequal'];

/** The operators a field declares, in order (a range is its two bounds first). */
export const searchOps = (f: Pick<FieldDef, 'search'>): SearchOp[] =>
  f.search === undefined ? [] : f.search === 'range' ? [...RANGE_OPS] : [f.search].flat();

/** A condition on a record's state: `field` holds one of `in`. */
export interface StateCondition {
  field: string;
  in: (string | number)[];
}

/** Whether `row` meets the condition (values compared as text: the wire may send numbers as strings). */
export const meets = (row: Record<string, unknown>, condition: StateCondition | undefined): boolean =>
  !condition || condition.in.map(String).includes(String(row[condition.field] ?? ''));

export interface FieldDef {
  /** camelCase wire name; the column is its snake_case form unless `column` says otherwise. */
  name: string;
  column?: string;
  kind: FieldKind;
  label: Label;
  /** `true` or the Chinese message shown when the field is empty. */
  required?: true | string;
  /** Longest value accepted; also the varchar length of the column (default per kind, see engine/schema). */
  maxLength?: number;
  min?: number;
  max?: number;
  /** A named validation rule (rules/), for a field whose kind implies none, e.g. a landline
   * (`telephone`); the kinds `phone` (mobile), `idcard` and `email` and multiple refs imply theirs. */
  rule?: RuleName;
  /** A one-off shape with no named rule; where a named rule exists, use `rule`. */
  pattern?: { regex: string; message: string };
  /** Message shown when another live row already has this value (generated tables: a UNIQUE index per
   * tenant). */
  unique?: string;
  /** `valueType`: how the column stores the dictionary key (storage; default `int`, else varchar). */
  dict?: { code: string; biz?: boolean; valueType?: 'int' | 'string' };
  /** Where the field appears. `list` defaults to true, `form` to true, `view` to true. */
  list?: boolean;
  form?: boolean;
  view?: boolean;
  search?: FieldSearch;
  sortable?: boolean;
  /** Rendered as a multi-line input. */
  multiline?: boolean;
  defaultValue?: string | number;
  /** Disabled in the form on add and/or edit (still validated server side). */
  disabledOn?: ('add' | 'edit')[];
  /** Never sent to clients (password hashes and the like); accepted on write only when `form` allows. */
  secret?: boolean;
  /** `ref` / `parent`: the resource whose ids this holds, and its label field. `pick`: chosen in a
   * dialog (the table select of docs/front-end.md#pickers-and-widgets: paged, searchable by each of `columns`
   * with `_like`, the choice kept across pages) titled `title`, e.g. 请选择党员 searching name and id card.
   * `pick.tree` on a tree resource: the dialog is the tree-table selector — its `lazy-tree` (the pickers'
   * endpoint) with the roots paged by 10 and children read on expanding; `columns` are `id` and the tree's
   * label field (e.g. 党组织: id, deptName). */
  ref?: {
    resource: string;
    labelField: string;
    multiple?: boolean;
    pick?: { title: Label; columns: string[]; tree?: true };
  };
  /** Static choices when there is no dictionary. */
  options?: { value: string | number; label: Label }[];
  /** `options` / `dict`: several values may be chosen, sent and stored comma-joined (a client's grant
   * types); a dictionary field taking several keys needs `dict.valueType: 'string'`. */
  multiple?: true;
  /** Shown in the form and the view only while the record is in one of these states (e.g. the cancel
   * reason while the status is 已取消). Hidden fields are neither validated nor sent by the form. */
  visibleWhen?: StateCondition;
  /** Shown, never written by clients (counters, states the server sets): not in the form, ignored on
   * write. */
  readOnly?: true;
  /** The column belongs to a column group the engine makes and writes (`audit`: createTime, updateTime,
   * ...): the field only shows or searches it. See `auditField`. */
  group?: 'audit';
  /** Uploads: accepted types and how many files. */
  accept?: string;
  maxCount?: number;
  /** Column width in the table. */
  width?: number;
  // Storage (engine/schema turns a definition into its table; see `columnTypeOf` for the kind → type map).
  /** `decimal`: numeric(precision, scale); default [10, 2]. */
  precision?: [number, number];
  /** The column's NULL-ability where it differs from `required` (required → NOT NULL): `false` for a
   * column that always holds a value without the form asking for one (a status with a default). */
  nullable?: boolean;
  /** An index (tenant, this column, default sort) as an equality-searched field gets, without the search. */
  index?: true;
  /** A hint shown under the field in the form. */
  help?: Label;
  /** A JSON object of values by key (what a change makes them) shown in the record's view beside the
   * JSON object the field `before` holds (what they were): one table, 字段 / 修改前 / 修改后, a row per
   * key of `keys` either object holds, the rows whose values differ highlighted. Each key is shown as a
   * field of its kind (a dictionary's label, an image, a reference's name from `<key>Name` in the
   * snapshot). The column stays the field's own (`text`); the comparison is how views show it. */
  compare?: { before: string; keys: ComparedKey[] };
  /** Personal data (privacy.ts): the server answers the value masked (`5401**********2111`,
   * `139****4048`, an address cut after its first part, `***` for a special category such as religion)
   * in lists, details, pickers and exports; the unmasked value goes out only through the resource's
   * audited `reveal` verb (button `<permission>_reveal`) and in exports of holders of
   * `<permission>_export_sensitive`. Filters on it match the whole value only (no prefix probing) for
   * callers without the reveal button. A masked value sent back unchanged keeps the stored one. */
  sensitive?: SensitiveKind;
}

/** How a sensitive field is masked (privacy.ts `maskValue`): an identity document number, a phone number
 * (mobile or landline), an address, or a special category of personal data (ethnicity, religion,
 * political status) hidden whole. */
export type SensitiveKind = 'idCard' | 'phone' | 'address' | 'category';

/** A key of a `compare` field's snapshots, shown like a field of that kind. */
export type ComparedKey = Pick<
  FieldDef,
  'name' | 'kind' | 'label' | 'dict' | 'options' | 'ref' | 'multiple' | 'maxCount' | 'accept' | 'sensitive'
>;

/** A value an action's `effect` writes: a constant, the time of the call, the caller's id, or the
 * reason the user gave. */
export type EffectValue = string | number | '$now' | '$user' | '$reason';

/** An action beyond add/edit/delete/view, with the button code that unlocks it. A wire action
 * (`isWireAction`) without a handler in the screen is called as `<path>/<verb>` with the rows' ids; the
 * server serves the verb itself when the action has an `effect`, else the domain supplies it. */
export interface ActionDef {
  name: string;
  label: Label;
  /** Button code; defaults to `<permission>_<name>`. */
  code?: string;
  placement: 'toolbar' | 'row' | 'both';
  /** Asks for confirmation with this message first. */
  confirm?: Label;
  /** Row wording that follows the record: where `field` holds `value`, the row's button reads `label`
   * instead (a sealed dictionary offers 解封 where the others offer 封存). */
  toggle?: { field: string; value: string | number; label: Label };
  /** The wire verb under the definition's path (default: `name`), e.g. `activityCancel`. */
  verb?: string;
  /** `POST` (default) or `GET`. */
  method?: 'POST' | 'GET';
  /** The parameter carrying the comma-joined ids (default `ids`; e.g. `activityId`, `userIds`). */
  idParam?: string;
  /** Asks for a reason, sent as `field`; `required` is the message when it is left empty. */
  reason?: { field: string; label: Label; required?: string; maxLength?: number };
  /** Asks for these values in the action's dialog (after the reason, if any), each sent as its field's
   * name and validated by its rules: a `ref` picks a record, e.g. the user a ticket is assigned to. */
  inputs?: FieldDef[];
  /** The rows the action applies to (the row button shows only on them). */
  when?: StateCondition;
  /** A toolbar action about no row: no selection is asked for and no ids are sent; its dialog asks for
   * everything the call needs (积分调整 names the user in its `inputs`). */
  standalone?: true;
  /** Only on rows whose `field` holds the signed-in user's id (the borrower's own 申请归还); the server
   * checks it again. With an `effect` it is the owner's action alone: the engine serves it to any
   * signed-in user (no button code), on rows of their own only (another's is a 403). */
  mine?: { field: string };
  /** A state change the engine serves itself (no server code): the columns it sets, and the states a
   * row must be in (`from`); any row outside them refuses the whole call and nothing is written. */
  effect?: { set: Record<string, EffectValue>; from?: StateCondition };
  /** Shown as a dangerous action (red). */
  danger?: true;
  /** The action downloads the Excel export of another resource (its `export`) narrowed to the rows whose
   * `foreignKey` holds the clicked row's id (`<foreignKey>_equal`): a questionnaire's answers. The
   * action's `code` should be one the other resource's export accepts (an alias screen's `_export`). */
  download?: { resource: string; foreignKey: string };
}

/** Child rows shown in a tab of the record's drawer: the rows of `resource` whose `foreignKey` holds the
 * record's id (an activity's enrolments; a questionnaire's questions, and their options in turn). */
export interface DetailDef {
  resource: string;
  foreignKey: string;
  /** Tab title (default: the child definition's label). */
  label?: Label;
}

/** The approval process a resource's records go through; the flows catalogue is derived from these. */
export interface ProcessDef {
  /** BPMN process key, e.g. 'PartyArchive' (docs/domain-model.md#processes) */
  key: string;
  /** '党员登记审核流程' */
  name: string;
  /** 'flow_<n>' of dict `flow` */
  category: string;
  /** the approval task's name, '登记审核' */
  taskName: string;
  /** candidate role aliases, comma separated: 'secretary,admin' */
  groups: string;
  /** button code guarding detailByTaskId / dealProcessFlow: 'party_archive_audit_audit' */
  perm: string;
  /** route of the generic audit screen: '/party/partyarchiveaudit' */
  auditScreen?: string;
  /** extra deal paths (share facility's useDealProcessFlow ...) */
  dealPaths?: string[];
  /** Only records in this state enter the process when they are added (a profile change that needs
   * review); the others are written as they are, outside any process (their behaviour sets their
   * audit status). Default: every record added. */
  when?: StateCondition;
  /** The field naming the person a record asks for when someone else may file it (a profile change's
   * user, a loan's borrower, a member's registration): like whoever submitted it, they never decide,
   * claim or return its tasks, nor is a task transferred to them. Default: the definition's `own`
   * field. */
  applicant?: string;
}

/** A state a row reaches when a time of its own passes: a row whose `field` is in `from` (and that meets
 * `when`, e.g. an approved activity) moves to `to` once the time in its field `at` is past. The server
 * sweeps every minute (apps/server/src/engine/crud/lapses.ts), applying a definition's lapses in order,
 * so a row may pass several in one sweep; the resource's behaviour hears of the rows moved. `when` may
 * name `auditStatus` on a resource with a process. */
export interface LapseDef {
  field: string;
  from: (string | number)[];
  to: string | number;
  at: string;
  when?: StateCondition;
}

/** What an approval process reports for a record (engine/approval): the applicant's 提交审核 (`submit`),
 * an approver's pass or reject, the applicant's 撤回 (`withdraw`) and 重新提交 (`resubmit`), a task sent
 * back to the applicant's step (`return`, 退回), or the process ended by its administrator (`terminate`). */
export type ApprovalOutcome = 'submit' | 'pass' | 'reject' | 'withdraw' | 'resubmit' | 'return' | 'terminate';

/** What fires a transition:
 * - `action`: the definition's action of that name (its button code, confirmation, reason and inputs;
 *   an action with an `effect` is a transition by itself, see `transitionsOf`);
 * - `time`: the time in the field `time` has passed (a `lapses` entry is one, see `transitionsOf`);
 * - `approval`: the process (`process` key; default any of the definition's) reports these outcomes;
 * - `verb`: a verb the resource's behaviour serves (a resident's 申请归还), or its parent's verb whose
 *   move cascades to it (取消活动 to the enrolments), which fires it by name. */
export type TransitionTrigger =
  | { action: string }
  | { time: string }
  | { approval: ApprovalOutcome | ApprovalOutcome[]; process?: string }
  | { verb: string };

/** One move of a record's state (docs/architecture.md#states-and-transitions): its state `field` goes
 * from one of `from` (any state when absent) to `to`, writing `set` beside it (`$now`, `$user`,
 * `$reason`, constants), when `on` fires and the record meets `when`. The server carries every
 * transition the same way (apps/server/src/engine/crud/transition.ts): the from-state checked under a
 * row lock, the update columns stamped, the version bumped, the move noted in 操作审计, the resource's
 * `afterTransition` hook run, all in one transaction. */
export interface TransitionDef {
  name: string;
  field: string;
  from?: (string | number)[];
  to: string | number;
  set?: Record<string, EffectValue>;
  /** A further condition on the record (another field's states: an approved activity's times). */
  when?: StateCondition;
  on: TransitionTrigger;
  /** An approval transition whose from-state does not hold is skipped (the process's audit columns
   * still move), unless it names this message: then the step is refused with it. */
  refusal?: string;
}

export interface ResourceDef {
  name: string;
  label: Label;
  /** Wire base path, e.g. `/api/blade-system/param`. */
  path: string;
  table: string;
  /** Button-code prefix: `<permission>_add`, `_edit`, `_delete`, `_view`. */
  permission: string;
  /** Mixins. */
  tenant: boolean;
  audit: boolean;
  softDelete: boolean;
  fields: FieldDef[];
  defaultSort?: { field: string; direction: 'asc' | 'desc' }[];
  /** Fields a list filters by together (each group: field names, at least two): the table gets one index
   * per group (tenant, the group's columns, the default sort), so a page filtered by all of them reads in
   * order without skipping the rows that match only one. */
  searchedTogether?: string[][];
  drawerWidth?: number;
  /** Wire verbs. `submit` (default), `save` + `update`, or `all` three where BladeX serves both
   * (user, post, client, top menu, region, scopes); `list` and `page` are both served. */
  write?: 'submit' | 'save-update' | 'all';
  /** Other screens (menus) serving this resource with their own button-code prefixes, e.g. the second
   * dictionary screen's `dict_vertical`: the server accepts `<alias>_<action>` as well. */
  permissionAliases?: string[];
  /** Codes (a trailing `*` matches a prefix, e.g. `work_*`) that may also read the pickers (`select`,
   * `tree`, `lazy-tree`) besides the resource's own menu and buttons and the screens that reference it. */
  pickers?: string[];
  /** A tree: the parent field (a `parent` kind field) and the label shown in tree pickers. */
  tree?: {
    parentField: string;
    labelField: string;
    lazy?: boolean;
    /** The field parents point at (default `id`; regions use `code`) and the root's parent value. */
    keyField?: string;
    root?: string;
    /** `list` answers the whole filtered forest (BladeX RoleVO: `children`, `parentName`), not a page;
     * `page` stays paged. The UI shows such a resource unpaged. */
    forest?: boolean;
  };
  /** Data scope: which columns the user's data-scope rules apply to (defaults to the audit columns). */
  dataScope?: { deptColumn?: string; userColumn?: string };
  /** Standard actions the resource offers; all four unless listed. */
  standard?: ('add' | 'edit' | 'delete' | 'view')[];
  /** Records residents file for themselves (docs/domain-model.md#who-may-do-what: the app's calls). Any
   * signed-in user may write one through the standard wire (submit / save / update) without the add or edit
   * button, as their own: `field` holds the caller (a body naming anyone else is a 403) and only a record
   * already theirs is changed; the hooks are told (`own` of their arguments). With a process, the applicant's
   * calls (提交审核, 撤回) need no button either; the applicant check remains. Holders of the buttons
   * write as the back office does, for anyone. */
  own?: { field: string };
  /** A record is changed through the standard wire (submit or update naming it) only while it is in one
   * of these states (a decided application is not rewritten); otherwise a 400 names the record and its
   * state and nothing is written. The edit button shows on those rows only. */
  editableWhen?: StateCondition;
  actions?: ActionDef[];
  /** Excel export of the filtered list, and import from a template. */
  exportable?: boolean;
  importable?: boolean;
  /** The approval process this resource's records go through; the server's flows catalogue (seeded
   * processes, their permissions and deal paths) is derived from these. */
  process?: ProcessDef;
  /** Processes a record enters later, through an explicit start by the resource's own behaviour (not on
   * insert), one at a time on the same approval columns once the running one has ended (a loan's return
   * after its borrowing). In the catalogue like `process`; their audit screens are served the same way. */
  laterProcesses?: ProcessDef[];
  /** States the server moves rows to when a time passes (a loan past its planned return becomes
   * 逾期未还, docs/architecture.md#the-definition-vocabulary), stored so that lists, filters and the label
   * agree. */
  lapses?: LapseDef[];
  /** The field holding the record's state (a dictionary field) that its transitions move. */
  states?: { field: string };
  /** The record's state moves beyond its `actions` with an `effect` and its `lapses` (which are
   * transitions too): those an approval outcome or a verb fires (`transitionsOf` lists them all). */
  transitions?: TransitionDef[];
  /** The field naming a record in pickers and trees (`select`, `tree`); defaults to the first string field. */
  labelField?: string;
  /** The platform administrator sees and manages every tenant's rows (users, roles, depts, posts). */
  platformWide?: boolean;
  /** `migration`: the table is made by hand-written SQL migrations (system tables). Otherwise it is
   * generated from this definition (apps/server/src/engine/schema) and its fields name every column. */
  schema?: 'migration';
  /** `false`: no optimistic-lock `version` column (default: the table has one). */
  version?: false;
  /** List, page, detail and export only (logs): no add, edit, delete or import, on screen or wire. */
  readOnly?: true;
  /** Child rows as tabs of the record drawer (recursive: a child's own details open in its drawer). */
  details?: DetailDef[];
  /** The menu paths whose page is this definition's ResourcePage (`resourceScreens` in shared-ui). */
  screens?: string[];
  /** Its menu: place in the tree, icon, buttons, audit screens (screen-menu.ts); seeded from here. */
  menu?: ScreenMenu;
  /** What 数据统计 counts of it: all records and those waiting, under a key (counted.ts). */
  counted?: CountedDef;
}

export const defineResource = <T extends ResourceDef>(def: T): T => def;

/** A column the table keeps but no screen shows or writes (server-set values, columns of later screens). */
export const columnOnly = (f: Omit<FieldDef, 'list' | 'form' | 'view'>): FieldDef => ({
  ...f,
  list: false,
  form: false,
  view: false,
});

/** Whether records of the resource go through an approval process (and so carry the approval columns). */
export const hasProcess = (def: ResourceDef): boolean => processesOf(def).length > 0;

/** The field naming whom a record of `def` asks for in `process` (its `applicant`, else the `own`
 * field), if any. */
export const applicantFieldOf = (def: ResourceDef, process: ProcessDef): string | undefined =>
  process.applicant ?? def.own?.field;

/** Every process a resource's records go through: its `process`, then its `laterProcesses`. */
export const processesOf = (def: ResourceDef): ProcessDef[] => [
  ...(def.process ? [def.process] : []),
  ...(def.laterProcesses ?? []),
];

/** Whether the resource's table is generated from its definition (not made by SQL migrations). */
export const isGenerated = (def: ResourceDef): boolean => def.schema !== 'migration';

export const columnOf = (f: FieldDef): string =>
  f.column ?? f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type StandardAction =
  | 'add'
  | 'edit'
  | 'delete'
  | 'view'
  | 'export'
  | 'import'
  /** reveal one record's sensitive values (audited) */
  | 'reveal'
  /** export sensitive columns unmasked */
  | 'export_sensitive';

export const buttonCode = (def: ResourceDef, action: StandardAction): string => `${def.permission}_${action}`;

/** Every code unlocking `action`: the resource's own and those of its alias screens. */
export const buttonCodes = (def: ResourceDef, action: StandardAction): string[] =>
  [def.permission, ...(def.permissionAliases ?? [])].map((p) => `${p}_${action}`);

/** Whether the resource offers a standard action (a read-only resource offers only `view`). */
export const hasStandard = (def: ResourceDef, action: 'add' | 'edit' | 'delete' | 'view'): boolean =>
  (!def.readOnly || action === 'view') && (!def.standard || def.standard.includes(action));

/** Whether a record may be changed through the standard wire in its state (`editableWhen`). */
export const isEditable = (def: ResourceDef, row: Record<string, unknown>): boolean =>
  meets(row, def.editableWhen);

/** Whether clients write the resource's records through the wire (submit/save/update): a resource that
 * offers neither add nor edit (logs, attachments added by uploading) serves no write route. */
export const acceptsWrites = (def: ResourceDef): boolean =>
  hasStandard(def, 'add') || hasStandard(def, 'edit');

/** Whether the field's column is NOT NULL: a required field, unless `nullable` says otherwise. */
export const isNotNull = (f: FieldDef): boolean =>
  f.nullable === undefined ? Boolean(f.required) : !f.nullable;

/** Whether clients may write the field (form, submit, import). */
export const isWritable = (f: FieldDef): boolean => f.form !== false && !f.readOnly && !f.group;

/** The button code of a definition action. */
export const actionCode = (def: Pick<ResourceDef, 'permission'>, action: ActionDef): string =>
  action.code ?? `${def.permission}_${action.name}`;

/** Every code unlocking a definition action: its own, and the alias screens' for a default code. */
export const actionCodes = (def: ResourceDef, action: ActionDef): string[] =>
  action.code
    ? [action.code]
    : [def.permission, ...(def.permissionAliases ?? [])].map((p) => `${p}_${action.name}`);

/** The wire verb of a definition action. */
export const actionVerb = (action: ActionDef): string => action.verb ?? action.name;

/** Whether an action names its wire (`verb`, `method`, `idParam`, `reason`, `inputs`, `effect` or
 * `download`): a screen without a handler for it calls the verb (or opens the download); other actions
 * need the screen's handler to show. */
export const isWireAction = (action: ActionDef): boolean =>
  Boolean(
    action.effect ||
    action.verb ||
    action.method ||
    action.idParam ||
    action.reason ||
    action.inputs ||
    action.download,
  );

/** An audit column as a field, to show or search it (`auditField('createTime', { search: 'range' })`):
 * the engine makes and writes the column; the field never reaches the form. */
export const auditField = (
  name: 'createTime' | 'updateTime',
  extra: Partial<Omit<FieldDef, 'name' | 'kind' | 'group'>> = {},
): FieldDef => ({
  name,
  kind: 'datetime',
  label: name === 'createTime' ? { zh: '创建时间', en: 'Created' } : { zh: '更新时间', en: 'Updated' },
  form: false,
  list: false,
  group: 'audit',
  ...extra,
});

/** The wire field a reference's names arrive in beside its ids: `packageId` → `packageName`,
 * `roleId` (a list) → `roleName` (the names comma-joined). */
export const refNameField = (name: string): string => `${name.replace(/Id$/, '')}Name`;

export const labelFieldOf = (def: ResourceDef): string =>
  def.labelField ?? def.tree?.labelField ?? def.fields.find((f) => f.kind === 'string')?.name ?? 'id';

/** The fields a client may see (secrets removed). */
export const visibleFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => !f.secret);
