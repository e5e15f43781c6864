import { Card, Col, Row, Statistic } from 'antd';
import { StatisticsBoard } from '@tongxin/shared-ui';
import { useTranslation } from 'react-i18next';
import { getTokenIssuedAt } from '@tongxin/api-client';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { formatTime } from '../errorlog/error-log-entry';
import { flattenMenus } from '../menu/menu-tree';
import { useMenuStore } from '../menu/menu-store';
import { registeredRemotes } from '../remotes/remote-registry';
import { useAuthStore } from '../session/auth-store';
import { useTabsStore } from '../tabs/tabs-store';

/** /wel/dashboard: the tenant's statistics board (ECharts: residents, members, requests by state, alarms,
 * browse trends, rankings), then the session at a glance. */
export default function DashboardPage() {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  const menus = useMenuStore((s) => s.menus);
  const tabs = useTabsStore((s) => s.tabs);
  const permissions = useSessionStore((s) => s.permissions);
  const issuedAt = getTokenIssuedAt();
  const stats = [
    { title: t('dashboard.menus'), value: flattenMenus(menus).length },
    { title: t('dashboard.tabs'), value: tabs.length },
    { title: t('dashboard.permissions'), value: Object.keys(permissions).length },
    {
      title: t('dashboard.remotes'),
      value:
        registeredRemotes()
          .map((r) => r.name)
          .join(', ') || '-',
    },
    { title: t('dashboard.issuedAt'), value: issuedAt ? formatTime(new Date(issuedAt)) : '-' },
    { title: t('dashboard.expiresIn'), value: user?.expires_in ?? '-' },
  ];
  return (
    <>
      <StatisticsBoard days={7} />
      <div style={{ height: 16 }} />
      <Row gutter={[16, 16]}>
        {stats.map((stat) => (
          <Col key={stat.title} xs={24} sm={12} lg={8}>
            <Card variant="borderless">
              <Statistic title={stat.title} value={stat.value} />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
