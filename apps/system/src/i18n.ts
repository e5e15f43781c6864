import type { LanguageBundles } from '@tongxin/shared-ui/session';

/** The system remote's own wording; resource labels come from the definitions (label.zh / label.en). */
export const systemI18n: LanguageBundles = {
  'zh-CN': {
    attach: { uploaded: '上传成功' },
    code: { previewTitle: '代码预览' },
    grant: {
      title: '权限设置',
      menu: '菜单权限',
      dataScope: '数据权限',
      apiScope: '接口权限',
      topMenuTitle: '菜单配置',
      selectRole: '请选择角色',
      selectOne: '请选择一条数据',
    },
    user: {
      deptTree: '机构',
      all: '全部',
      roleTitle: '角色配置',
      platformTitle: '平台配置',
      userType: '用户平台',
      userExt: '用户拓展信息',
    },
    tenant: {
      settingTitle: '授权配置',
      accountNumber: '账号额度',
      expireTime: '过期时间',
      packageTitle: '产品包配置',
      packageId: '产品包',
      datasourceTitle: '数据源配置',
      datasourceId: '数据源',
    },
    dict: {
      items: '字典配置',
      pickHeader: '请先选择一个字典',
      itemsOf: '{{name}} 的字典项',
    },
    menu: {
      title: '菜单管理',
    },
  },
  en: {
    attach: { uploaded: 'Uploaded' },
    code: { previewTitle: 'Generated code' },
    grant: {
      title: 'Grant',
      menu: 'Menus',
      dataScope: 'Data scopes',
      apiScope: 'API scopes',
      topMenuTitle: 'Assign menus',
      selectRole: 'Select a role',
      selectOne: 'Select one row',
    },
    user: {
      deptTree: 'Departments',
      all: 'All',
      roleTitle: 'Assign roles',
      platformTitle: 'Platform settings',
      userType: 'Platform',
      userExt: 'Platform extension',
    },
    tenant: {
      settingTitle: 'Authorisation',
      accountNumber: 'Account quota',
      expireTime: 'Expires',
      packageTitle: 'Package',
      packageId: 'Package',
      datasourceTitle: 'Datasource',
      datasourceId: 'Datasource',
    },
    dict: {
      items: 'Items',
      pickHeader: 'Pick a dictionary first',
      itemsOf: 'Items of {{name}}',
    },
    menu: {
      title: 'Menus',
    },
  },
};
