import { useState } from 'react';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowApi, type FlowProcess } from '@tongxin/api-client';
import { CardContainer, FlowChartDialog, useShellBridge, type FlowChartTarget } from '@tongxin/shared-ui';
import { ActionLinks } from '../../common/ActionLinks';
import { CategorySelect } from '../../common/CategorySelect';
import { formPath, segmentOf } from '../../common/flow-routes';
import { useFlowDict } from '../../common/use-flow-dict';
import { SearchBar } from '../../common/SearchBar';
import { usePagedList } from '../../common/use-paged-list';
import { ProcessTable } from '../flow/ProcessTable';

/** 发起事务 (/work/start): the processes this tenant may start; 发起 opens the process's own form. */
export function StartPage() {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const flowDict = useFlowDict();
  const openTab = useShellBridge((s) => s.openTab);
  const [chart, setChart] = useState<FlowChartTarget>();
  const list = usePagedList(flowApi.startList, {} as { category?: string });

  const start = (row: FlowProcess) => {
    const segment = segmentOf(row.category, flowDict);
    if (!segment) {
      void message.info(t('msg.noStartPage'));
      return;
    }
    openTab(formPath(segment, row.id), { name: row.name });
  };

  return (
    <CardContainer>
      <SearchBar prefix="start" onSearch={list.search}>
        <Form.Item name="category" label={t('filter.category')}>
          <CategorySelect />
        </Form.Item>
      </SearchBar>
      <ProcessTable
        list={list}
        actions={(row) => (
          <ActionLinks
            actions={[
              {
                key: 'start',
                label: t('action.start'),
                perm: 'work_start_flow',
                disabled: row.suspensionState !== 1,
                onClick: () => start(row),
              },
              {
                key: 'image',
                label: t('action.image'),
                perm: 'work_start_image',
                onClick: () => setChart({ processDefinitionId: row.id }),
              },
            ]}
          />
        )}
      />
      <FlowChartDialog target={chart} onClose={() => setChart(undefined)} />
    </CardContainer>
  );
}
