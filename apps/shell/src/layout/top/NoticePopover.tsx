import { Badge, Button, List, Popover, Tabs, Tag, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Notice popover with mail/messages/notices tabs; sample data only (§2, §4: statuses are demo). */
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

export function NoticePopover() {
  const { t } = useTranslation('shell');
  const content = (
    <Tabs
      style={{ width: 320 }}
      items={(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]).map((tab) => ({
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
      }))}
    />
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title={t('top.notice')}>
        <Badge dot>
          <Button type="text" icon={<BellOutlined />} aria-label={t('top.notice')} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
