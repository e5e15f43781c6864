import { useTranslation } from 'react-i18next';
import { addI18nBundles } from '@tongxin/shared-ui/session';

/** Wording of the flow chart and the approval history, in the 'flow' namespace. */
export const FLOW_NS = 'flow';

addI18nBundles(FLOW_NS, {
  'zh-CN': {
    chartTitle: '流程图展示',
    history: '流程跟踪',
    loadFailed: '流程图加载失败',
    noHistory: '暂无流转记录',
    started: '发起',
    assignee: '办理人',
    comment: '审批意见',
    createTime: '开始时间',
    endTime: '结束时间',
    duration: '用时',
    pending: '办理中',
    pass: '同意',
    reject: '驳回',
    legendDone: '已完成',
    legendActive: '进行中',
    legendFlow: '已流转',
  },
  en: {
    chartTitle: 'Flow chart',
    history: 'History',
    loadFailed: 'The flow chart could not be loaded',
    noHistory: 'No steps yet',
    started: 'Started',
    assignee: 'Handled by',
    comment: 'Comment',
    createTime: 'Started at',
    endTime: 'Finished at',
    duration: 'Took',
    pending: 'In progress',
    pass: 'Approved',
    reject: 'Rejected',
    legendDone: 'Finished',
    legendActive: 'Current',
    legendFlow: 'Taken',
  },
});

export const useFlowT = () => useTranslation(FLOW_NS).t;
