import type { LanguageBundles } from '@tongxin/shared-ui/session';

export const communityI18n: LanguageBundles = {
  'zh-CN': {
    contactPhone: {
      title: '便民电话',
      phoneType: '分类',
      orgName: '机构名称',
      contactName: '联系人',
      phone: '电话1',
      phone2: '电话2',
      address: '地址',
      serviceTime: '服务时间',
      sort: '排序',
      phoneTypeRequired: '请选择分类',
      orgNameRequired: '请输入机构名称',
      phoneRequired: '请输入电话1',
      sortRequired: '请输入排序',
    },
  },
  en: {
    contactPhone: {
      title: 'Service phone numbers',
      phoneType: 'Category',
      orgName: 'Organisation',
      contactName: 'Contact',
      phone: 'Phone 1',
      phone2: 'Phone 2',
      address: 'Address',
      serviceTime: 'Service hours',
      sort: 'Sort',
      phoneTypeRequired: 'Select a category',
      orgNameRequired: 'Enter the organisation',
      phoneRequired: 'Enter phone 1',
      sortRequired: 'Enter the sort order',
    },
  },
};
