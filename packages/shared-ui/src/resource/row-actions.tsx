import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { ActionDef, Label } from '@tongxin/resources';
import { useCrudT } from './i18n';
import type { Row } from './wire';

/** One entry of a row's operation column, most frequent first. */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/** Actions shown as buttons when a row has more than fit; the rest go into 更多. */
export const INLINE_ACTIONS = 2;

/** The buttons and the 更多 entries of a row: all inline while a 更多 would hold a single entry (it
 * would save no room), else the first `inline` and the rest in 更多. */
export function splitRowActions(
  actions: readonly RowAction[],
  inline = INLINE_ACTIONS,
): { shown: RowAction[]; more: RowAction[] } {
  if (actions.length <= inline + 1) return { shown: [...actions], more: [] };
  return { shown: actions.slice(0, inline), more: actions.slice(inline) };
}

/** The label of a definition action on this row: its `toggle` wording while the row is in that state
 * (a sealed dictionary offers 解封 where the others offer 封存). */
export function actionLabelFor(action: ActionDef, row: Row): Label {
  const toggle = action.toggle;
  return toggle && String(row[toggle.field] ?? '') === String(toggle.value) ? toggle.label : action.label;
}

// Estimated widths of antd's small link buttons and the cell around them (the column is fixed, so it
// needs a width before any row renders).
const textWidth = (text: string) => [...text].reduce((w, c) => w + (/[\u2e80-\uffff]/.test(c) ? 14 : 8), 0);
const BUTTON_PADDING = 16;
const MORE_WIDTH = 64;
const CELL_PADDING = 24;

/** A width for the operation column that holds a row's buttons and its 更多 on one line. */
export function rowActionsWidth(actions: readonly RowAction[], moreLabel: string): number {
  const { shown, more } = splitRowActions(actions);
  const buttons = shown.reduce((w, a) => w + textWidth(a.label) + BUTTON_PADDING, 0);
  const dropdown = more.length ? Math.max(MORE_WIDTH, textWidth(moreLabel) + 36) : 0;
  return Math.max(80, buttons + dropdown + CELL_PADDING);
}

/** A row's operation column: the frequent actions as link buttons, the rarer ones in a 更多 dropdown. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const t = useCrudT();
  const { shown, more } = splitRowActions(actions);
  return (
    <Space size={0} wrap={false}>
      {shown.map((a) => (
        <Button key={a.key} type="link" size="small" danger={a.danger} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
            onClick: ({ key }) => more.find((a) => a.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small">
            {t('more')}
            <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
