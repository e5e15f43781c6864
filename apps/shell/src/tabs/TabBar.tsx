import { useEffect } from 'react';
import { App, Dropdown, Select, Tabs } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { clearCache, clearDictCache } from '@tongxin/api-client';
import { activeTab, canClose, tabUrl } from './tab-rules';
import { useActiveTabKey } from './use-active-tab-key';
import { useTabLabel } from './use-tab-label';
import { activeTabUrl, useTabsStore } from './tabs-store';

/** The tab bar (docs/front-end.md#the-shells-frame): switch, close, and the tab menu (search, close others,
 * close all, clear cache). */
export function TabBar() {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.tabs);
  const activeKey = useActiveTabKey();
  const label = useTabLabel();

  const current = activeTab({ tabs, activeKey });
  const title = current ? label(current) : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const goToActive = (before: string) => {
    if (useTabsStore.getState().activeKey !== before) void navigate(activeTabUrl());
  };
  // a tab shows its page with the query it was last opened with
  const goTo = (key: string) => {
    const tab = tabs.find((t) => t.key === key);
    if (tab) void navigate(tabUrl(tab));
  };

  const close = (key: string) => {
    useTabsStore.getState().close(key);
    goToActive(activeKey);
  };

  const confirmClearCache = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('tabs.clearCacheConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearCache().catch(() => undefined);
        clearDictCache();
        useTabsStore.getState().remountAll();
        void message.success(t('tabs.cleared'));
      },
    });

  const menu = {
    items: [
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
      { key: 'clearCache', label: t('tabs.clearCache') },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'closeOthers') useTabsStore.getState().closeOthers();
      if (key === 'closeAll') {
        useTabsStore.getState().closeAll();
        goToActive(activeKey);
      }
      if (key === 'clearCache') confirmClearCache();
    },
  };

  return (
    <div className="tx-tabbar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={goTo}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: label(tab),
          closable: canClose({ tabs, activeKey }, tab.key),
        }))}
        tabBarExtraContent={
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', paddingRight: 8 }}>
            <Select
              showSearch
              size="small"
              style={{ width: 160 }}
              placeholder={t('tabs.search')}
              value={null}
              optionFilterProp="label"
              options={tabs.map((tab) => ({ value: tab.key, label: label(tab) }))}
              onChange={goTo}
            />
            <Dropdown menu={menu} trigger={['click']}>
              <a onClick={(e) => e.preventDefault()} data-testid="tab-actions">
                {t('tabs.actions')} <DownOutlined />
              </a>
            </Dropdown>
          </div>
        }
      />
    </div>
  );
}
