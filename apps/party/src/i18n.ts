import type { LanguageBundles } from '@tongxin/shared-ui/session';

export const partyI18n: LanguageBundles = {
  'zh-CN': {
    overview: {
      members: '党员人数',
      activitiesThisMonth: '本月活动',
      pendingArchive: '待审核登记',
      pendingOther: '待审核双报到/自评',
      byBranch: '各支部党员',
      byType: '党员类型',
      appraisal: '评议结果',
    },
    duty: {
      title: '党员值班',
      dutyPlace: '值班地点',
      dutyDate: '值班日期',
      memberName: '值班党员',
      phone: '联系电话',
      dutyContent: '值班记录',
      receptionNum: '接待人数',
      dutyStatus: '状态',
      dutyPlaceRequired: '请输入值班地点',
      dutyDateRequired: '请输入值班日期',
      memberNameRequired: '请输入值班党员',
    },
  },
  en: {
    overview: {
      members: 'Party members',
      activitiesThisMonth: 'Activities this month',
      pendingArchive: 'Registrations to review',
      pendingOther: 'Dual registrations / self-appraisals to review',
      byBranch: 'Members by branch',
      byType: 'Members by type',
      appraisal: 'Appraisal results',
    },
    duty: {
      title: 'Party duty',
      dutyPlace: 'Duty place',
      dutyDate: 'Duty date',
      memberName: 'Member on duty',
      phone: 'Phone',
      dutyContent: 'Duty record',
      receptionNum: 'Visitors received',
      dutyStatus: 'Status',
      dutyPlaceRequired: 'Enter the duty place',
      dutyDateRequired: 'Enter the duty date',
      memberNameRequired: 'Enter the member on duty',
    },
  },
};
