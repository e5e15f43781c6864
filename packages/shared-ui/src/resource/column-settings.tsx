import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Popover, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { http, type R } from '@tongxin/api-client';
import { useCrudT } from './i18n';

export interface ColumnSetting {
  /** Column keys in display order. */
  order: string[];
  hidden: string[];
}

const SETTING_URL = '/api/blade-system/user-setting';

/** Column choices (show, hide, order) stored per user on the server under `key`. */
export function useColumnSettings(key: string) {
  const [setting, setSetting] = useState<ColumnSetting>();
  useEffect(() => {
    let alive = true;
    http
      .get<R<{ value: string | null } | null>>(`${SETTING_URL}/detail`, { params: { key } })
      .then((res) => {
        const raw = res.data.data?.value;
        if (alive && raw) setSetting(JSON.parse(raw) as ColumnSetting);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [key]);
  const save = async (next: ColumnSetting | undefined) => {
    setSetting(next);
    await http.post(`${SETTING_URL}/submit`, { key, value: next ? JSON.stringify(next) : null });
  };
  return { setting, save };
}

/** Applies a setting to the default column list (new columns go last, unknown keys are ignored). */
export function arrangeColumns<T extends { key?: unknown }>(
  columns: T[],
  setting: ColumnSetting | undefined,
): T[] {
  if (!setting) return columns;
  const byKey = new Map(columns.map((c) => [String(c.key), c]));
  const ordered = setting.order.filter((k) => byKey.has(k)).map((k) => byKey.get(k)!);
  const rest = columns.filter((c) => !setting.order.includes(String(c.key)));
  return [...ordered, ...rest].filter((c) => !setting.hidden.includes(String(c.key)));
}

export function ColumnSettingsButton({
  columns,
  setting,
  onSave,
}: {
  columns: { key: string; title: string }[];
  setting: ColumnSetting | undefined;
  onSave: (next: ColumnSetting | undefined) => Promise<void>;
}) {
  const t = useCrudT();
  const { message } = App.useApp();
  const current = arrangeColumns(columns, setting ? { ...setting, hidden: [] } : undefined);
  const hidden = new Set(setting?.hidden ?? []);
  const commit = (order: string[], nextHidden: Set<string>) =>
    onSave({ order, hidden: [...nextHidden] })
      .then(() => message.success(t('columnsSaved')))
      .catch(() => undefined);
  const order = current.map((c) => c.key);
  const move = (i: number, d: number) => {
    const next = [...order];
    const [item] = next.splice(i, 1);
    next.splice(i + d, 0, item!);
    void commit(next, hidden);
  };
  const content = (
    <div style={{ minWidth: 220 }} data-testid="column-settings">
      {current.map((c, i) => (
        <div key={c.key} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <Checkbox
            checked={!hidden.has(c.key)}
            onChange={(e) => {
              const next = new Set(hidden);
              if (e.target.checked) next.delete(c.key);
              else next.add(c.key);
              void commit(order, next);
            }}
            style={{ flex: 1 }}
          >
            {c.title}
          </Checkbox>
          <Button
            size="small"
            type="text"
            aria-label={t('moveUp')}
            disabled={i === 0}
            icon={<ArrowUpOutlined />}
            onClick={() => move(i, -1)}
          />
          <Button
            size="small"
            type="text"
            aria-label={t('moveDown')}
            disabled={i === current.length - 1}
            icon={<ArrowDownOutlined />}
            onClick={() => move(i, 1)}
          />
        </div>
      ))}
      <Space style={{ marginTop: 8 }}>
        <Button size="small" onClick={() => void onSave(undefined)}>
          {t('resetColumns')}
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" content={content} title={t('columns')} placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label={t('columns')} />
    </Popover>
  );
}
