export * from './define';
export * from './rules';
export * from './wire';
export * from './dict-field';
export * from './status-actions';
export * from './transitions';
export * from './person-fields';
export * from './privacy';
export * from './screen-menu';
export * from './counted';
export { isSecretParam, paramResource, SECRET_PARAM_MASK } from './system/param';
export * from './system/param-keys';
export { tenantResource } from './system/tenant';
export { tenantPackageResource } from './system/tenantPackage';
export { userResource } from './system/user';
export { roleResource } from './system/role';
export { deptResource } from './system/dept';
export { postResource } from './system/post';
export { topMenuResource } from './system/topMenu';
export { dictFields, dictResource } from './system/dict';
export { dictBizResource } from './system/dictBiz';
export { regionResource } from './system/region';
export { clientResource } from './system/client';
export { dataScopeResource } from './system/dataScope';
export { apiScopeResource } from './system/apiScope';
export {
  logApiResource,
  logAuditResource,
  logErrorResource,
  logLoginResource,
  logUsualResource,
  onlineUserResource,
} from './system/logs';
export { attachResource } from './system/resource/attach';
export { attachUseResource } from './system/resource/attachUse';
export { OSS_CATEGORIES, OSS_ENABLED, ossResource } from './system/resource/oss';
export { SMS_CATEGORIES, SMS_ENABLED, smsResource } from './system/resource/sms';
export { reportResource } from './system/develop/report';
export {
  BUILTIN_DRIVER,
  DATASOURCE_DRIVERS,
  MYSQL_DRIVER,
  datasourceResource,
} from './system/develop/datasource';
export { modelResource } from './system/develop/model';
export { modelPrototypeResource } from './system/develop/modelPrototype';
export { CODE_DOMAINS, codeResource } from './system/develop/code';
/** The menu screen's definition (UI only: the server serves menus by hand, so it is not in `resources`). */
export { menuResource } from './system/menu';
export {
  remoteEntriesOf,
  remoteRootOf,
  type RemoteEntryConflict,
  type RemoteEntryMenu,
} from './system/remote-entries';
export { contactPhoneResource } from './community/contactPhone';
export { ALARM_UNHANDLED } from './community/ocAlarm';
export { questionnaireResource } from './community/questionnaire';
export { shareFacilityUserResource } from './community/shareFacilityUser';
export { solidarityActivityResource } from './community/solidarityActivity';
export { COSMETIC_PROFILE_KEYS, PROFILE_KEYS, userUpdateLogResource } from './community/userUpdateLog';
export { partyArchiveResource } from './party/partyArchive';
export { partyDutyResource } from './party/partyDuty';
export { noticeResource } from './desk/notice';
import { communityResources } from './community';
import { partyResources } from './party';
export * from './party';
import { systemResources } from './system';
import { workflowResources } from './workflow';
import type { ResourceDef } from './define';

export { communityResources, partyResources, systemResources, workflowResources };

/** Every resource served by the generic engine: the domains' lists concatenated. */
export const resources: ResourceDef[] = [
  ...systemResources,
  ...partyResources,
  ...communityResources,
  ...workflowResources,
];
export { FLOWABLE_MODDLE } from './workflow/flowable-moddle';
export {
  RICH_TEXT_TAGS,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_ALIGNED,
  RICH_TEXT_ALIGN,
  RICH_TEXT_SPAN,
} from './rich-text-policy';
