import { Activity } from 'react';
import { TabContent } from './TabContent';
import { useActiveTabKey } from './use-active-tab-key';
import { useTabsStore } from './tabs-store';

/**
 * Keep-alive (docs/front-end.md#the-shells-frame): every open tab stays mounted (state survives switching)
 * and only the active one is visible; a menu entry with meta.keepAlive false is unmounted while in the
 * background.
 */
export function TabPanes() {
  const tabs = useTabsStore((s) => s.tabs);
  const activeKey = useActiveTabKey();
  const generation = useTabsStore((s) => s.generation);
  return (
    <>
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        if (!active && tab.keepAlive === false) return null;
        return (
          <Activity key={`${tab.key}#${generation}`} mode={active ? 'visible' : 'hidden'}>
            <TabContent tab={tab} />
          </Activity>
        );
      })}
    </>
  );
}
