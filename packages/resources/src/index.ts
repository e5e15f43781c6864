export * from './define';
export * from './rules';
export * from './wire';
export { paramResource } from './system/param';
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
/** The menu screen's definition (UI only: the server serves menus by hand, so it is not in `resources`). */
export { menuResource } from './system/menu';
export {
  remoteEntriesOf,
  remoteRootOf,
  type RemoteEntryConflict,
  type RemoteEntryMenu,
} from './system/remote-entries';
export { contactPhoneResource } from './community/contactPhone';
export { partyDutyResource } from './party/partyDuty';
export { noticeResource } from './desk/notice';
import { paramResource } from './system/param';
import { tenantResource } from './system/tenant';
import { tenantPackageResource } from './system/tenantPackage';
import { userResource } from './system/user';
import { roleResource } from './system/role';
import { deptResource } from './system/dept';
import { postResource } from './system/post';
import { topMenuResource } from './system/topMenu';
import { dictResource } from './system/dict';
import { dictBizResource } from './system/dictBiz';
import { regionResource } from './system/region';
import { clientResource } from './system/client';
import { dataScopeResource } from './system/dataScope';
import { apiScopeResource } from './system/apiScope';
import { contactPhoneResource } from './community/contactPhone';
import { partyDutyResource } from './party/partyDuty';
import { noticeResource } from './desk/notice';
import type { ResourceDef } from './define';

/** Every resource served by the generic engine. */
export const resources: ResourceDef[] = [
  paramResource,
  tenantResource,
  tenantPackageResource,
  userResource,
  roleResource,
  deptResource,
  postResource,
  topMenuResource,
  dictResource,
  dictBizResource,
  regionResource,
  clientResource,
  dataScopeResource,
  apiScopeResource,
  partyDutyResource,
  contactPhoneResource,
  noticeResource,
];
export { FLOWABLE_MODDLE } from './workflow/flowable-moddle';
export { RICH_TEXT_TAGS, RICH_TEXT_ATTRIBUTES } from './rich-text-policy';
