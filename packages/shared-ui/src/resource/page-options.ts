import type { ReactNode } from 'react';
import type { Label, ResourceDef } from '@tongxin/resources';
import type { RowAction } from './row-actions';
import type { ActionContext, ActionHandler } from './use-resource-actions';
import type { Row } from './wire';

/** What a screen tells its ResourcePage besides the definition (also what the drawer and the detail
 * tabs read, which is why it lives apart from the page). */
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
  /** Handlers of the definition's extra actions; a wire action without one calls its verb, any other
   * action without one is not shown. */
  actions?: Record<string, ActionHandler>;
  /** More row actions (after view and edit; rows with many actions show the rarer ones under 更多). */
  rowExtra?: (row: Row, reload: () => Promise<void>) => RowAction[];
  toolbarExtra?: (ctx: ActionContext) => ReactNode;
  /** Called after a save, removal or action (dictionary screens drop the cached code). */
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
  /** Where the definitions its details name are found, before every known resource. */
  definitions?: readonly ResourceDef[];
}
