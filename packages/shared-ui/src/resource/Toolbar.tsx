import type { ReactNode } from 'react';
import { Button, Space, type TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { buttonCode, type ResourceDef } from '@tongxin/resources';
import { ColumnSettingsButton, type ColumnSetting } from './column-settings';
import { useCrudT, useLabel } from './i18n';
import type { useResourceActions } from './use-resource-actions';
import type { ResourceList } from './use-resource-list';
import type { ResourceCalls, Row } from './wire';

/** Above the table: add, batch delete, the toolbar actions, import, export and the screen's own buttons;
 * on the right refresh and the column settings. */
export function Toolbar({
  def,
  prefix,
  calls,
  list,
  actions,
  columns,
  setting,
  onSaveSetting,
  onAdd,
  onImport,
  query,
  extra,
}: {
  def: ResourceDef;
  prefix: string;
  calls: ResourceCalls;
  list: ResourceList;
  actions: ReturnType<typeof useResourceActions>;
  columns: TableColumnsType<Row>;
  setting: ColumnSetting | undefined;
  onSaveSetting: (next: ColumnSetting | undefined) => Promise<void>;
  onAdd: () => void;
  onImport: () => void;
  query?: Record<string, unknown>;
  extra?: ReactNode;
}) {
  const t = useCrudT();
  const label = useLabel();
  const selected = list.selected.rows;
  const own = { ...def, permission: prefix };
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12, gap: 8 }}>
      <Space wrap>
        {actions.canStd('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('add')}
          </Button>
        )}
        {actions.canStd('delete') && (
          <Button danger icon={<DeleteOutlined />} onClick={() => actions.remove(selected)}>
            {t('batchDelete')}
          </Button>
        )}
        {actions.available('toolbar').map((a) => (
          <Button key={a.name} danger={a.danger} onClick={() => actions.run(a, selected)}>
            {label(a.label)}
          </Button>
        ))}
        {def.importable && !def.readOnly && actions.can(buttonCode(own, 'import')) && (
          <Button icon={<UploadOutlined />} onClick={onImport}>
            {t('import')}
          </Button>
        )}
        {def.exportable && actions.can(buttonCode(own, 'export')) && (
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              window.open(calls.exportUrl({ ...query, ...list.filters, ...list.sort }), '_blank')
            }
          >
            {t('export')}
          </Button>
        )}
        {extra}
      </Space>
      <Space>
        <Button icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={() => void list.reload()} />
        <ColumnSettingsButton
          columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
          setting={setting}
          onSave={onSaveSetting}
        />
      </Space>
    </div>
  );
}
