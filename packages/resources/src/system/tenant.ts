import { defineResource } from '../define';

/** 租户管理 — api-contract §7.4, §13 (BladeX tenant columns). A platform table: `tenant_id` here is the
 * tenant's own code, so the tenant mixin is off.
 * Server special cases: only administrators see every tenant (others see their own row) and only
 * administrators may submit/remove; on create the server generates a unique 6-digit `tenantId` and creates
 * the tenant's `admin` role, root dept, post and `admin` user (api-contract §7.4); `setting`
 * (accountNumber, expireTime), `datasource` and `package` write the fields the form leaves out. */
export const tenantResource = defineResource({
  name: 'tenant',
  label: { zh: '租户管理', en: 'Tenants' },
  path: '/api/blade-system/tenant',
  table: 'blade_tenant',
  permission: 'tenant',
  tenant: false,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  exportable: true,
  labelField: 'tenantName',
  defaultSort: [{ field: 'tenantId', direction: 'asc' }],
  fields: [
    {
      name: 'tenantId',
      kind: 'string',
      label: { zh: '租户ID', en: 'Tenant ID' },
      maxLength: 12,
      form: false,
      search: 'like',
      sortable: true,
      width: 100,
    },
    {
      name: 'tenantName',
      kind: 'string',
      label: { zh: '租户名称', en: 'Tenant name' },
      required: '请输入租户名称',
      maxLength: 50,
      search: 'like',
      sortable: true,
    },
    {
      name: 'linkman',
      kind: 'string',
      label: { zh: '联系人', en: 'Contact' },
      required: '请输入联系人',
      maxLength: 20,
      search: 'like',
      width: 100,
    },
    {
      // Landlines (0891-…) are allowed, so not the 'phone' kind (a mobile number).
      name: 'contactNumber',
      kind: 'string',
      label: { zh: '联系电话', en: 'Contact number' },
      maxLength: 20,
      search: 'like',
      rule: 'telephone',
      width: 140,
    },
    {
      name: 'address',
      kind: 'text',
      label: { zh: '联系地址', en: 'Address' },
      maxLength: 255,
      multiline: true,
      list: false,
    },
    {
      name: 'domain',
      kind: 'string',
      label: { zh: '绑定域名', en: 'Domain' },
      maxLength: 255,
      list: false,
    },
    {
      name: 'backgroundUrl',
      kind: 'images',
      label: { zh: '系统背景', en: 'Login background' },
      maxLength: 1000,
      accept: 'image/png,image/jpeg',
      maxCount: 1,
      list: false,
    },
    {
      name: 'accountNumber',
      kind: 'int',
      label: { zh: '账号额度', en: 'Account quota' },
      min: -1,
      form: false,
      width: 90,
    },
    {
      name: 'expireTime',
      kind: 'datetime',
      label: { zh: '过期时间', en: 'Expires' },
      form: false,
      sortable: true,
      width: 170,
    },
    {
      name: 'packageId',
      kind: 'ref',
      label: { zh: '产品包', en: 'Package' },
      ref: { resource: 'tenantPackage', labelField: 'packageName' },
      form: false,
    },
    {
      name: 'datasourceId',
      kind: 'long',
      label: { zh: '数据源', en: 'Datasource' },
      form: false,
      list: false,
    },
    {
      name: 'licenseKey',
      kind: 'text',
      label: { zh: '授权码', en: 'Licence key' },
      maxLength: 1000,
      form: false,
      list: false,
    },
  ],
  actions: [
    { name: 'setting', label: { zh: '授权配置', en: 'Authorisation' }, placement: 'toolbar' },
    { name: 'datasource', label: { zh: '数据源配置', en: 'Datasource' }, placement: 'toolbar' },
    { name: 'package', label: { zh: '产品包配置', en: 'Package' }, placement: 'toolbar' },
  ],
});
