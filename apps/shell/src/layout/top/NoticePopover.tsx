import { useState } from 'react';
import { Badge, Button, List, Popover, Tabs, Tag, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUnhandledAlarms } from './useUnhandledAlarms';

/** Notice popover with mail/messages/notices tabs; sample data only (its statuses are demo). */
const SAMPLES = {
  mail: [
    { key: 'mail1', status: 0 },
    { key: 'mail2', status: 3 },
  ],
  messages: [
    { key: 'message1', status: 1 },
    { key: 'message2', status: 0 },
  ],
  notices: [
    { key: 'notice1', status: 1 },
    { key: 'notice2', status: 4 },
  ],
} as const;

const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 3: 'success', 4: 'error' };

const LEVEL_COLOR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };

export function NoticePopover() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const alarms = useUnhandledAlarms();
  // the tab the user chose; until then 告警 when it is offered (the permissions may arrive after the
  // popover first rendered, so an uncontrolled first tab would stay 邮件)
  const [tab, setTab] = useState<string>();
  const alarmTab = {
    key: 'alarms',
    label: `${t('notice.alarms')} (${alarms.total})`,
    children: (
      <List
        size="small"
        dataSource={alarms.items}
        locale={{ emptyText: t('notice.noAlarms') }}
        footer={
          <Button type="link" size="small" onClick={() => void navigate('/safety/ocalarm')}>
            {t('notice.allAlarms')}
          </Button>
        }
        renderItem={(a) => (
          <List.Item
            data-testid="notice-alarm"
            extra={<Tag color={LEVEL_COLOR[a.alarmLevel]}>{t(`notice.level.${a.alarmLevel}`)}</Tag>}
          >
            <List.Item.Meta title={a.deviceName} description={`${a.alarmTime} ${a.alarmContent}`} />
          </List.Item>
        )}
      />
    ),
  };
  const content = (
    <Tabs
      style={{ width: 320 }}
      activeKey={tab ?? (alarms.allowed ? 'alarms' : 'mail')}
      onChange={(key) => {
        setTab(key);
        if (key === 'alarms') void alarms.refresh();
      }}
      items={[
        ...(alarms.allowed ? [alarmTab] : []),
        ...(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]).map((tab) => ({
          key: tab,
          label: t(`notice.${tab}`),
          children: (
            <List
              size="small"
              dataSource={[...SAMPLES[tab]]}
              locale={{ emptyText: t('notice.empty') }}
              renderItem={(item) => (
                <List.Item
                  extra={<Tag color={STATUS_COLOR[item.status]}>{t(`notice.status.${item.status}`)}</Tag>}
                >
                  {t(`notice.samples.${item.key}`)}
                </List.Item>
              )}
            />
          ),
        })),
      ]}
    />
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title={t('top.notice')}>
        <Badge dot={!alarms.total} count={alarms.total} overflowCount={99} size="small">
          <Button type="text" icon={<BellOutlined />} aria-label={t('top.notice')} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
