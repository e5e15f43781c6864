import type { ResourceDef } from '../define';
import { apiScopeResource } from './apiScope';
import { clientResource } from './client';
import { dataScopeResource } from './dataScope';
import { deptResource } from './dept';
import { dictResource } from './dict';
import { dictBizResource } from './dictBiz';
import { paramResource } from './param';
import { postResource } from './post';
import { regionResource } from './region';
import { roleResource } from './role';
import { tenantResource } from './tenant';
import { tenantPackageResource } from './tenantPackage';
import { topMenuResource } from './topMenu';
import { userResource } from './user';
import { attachResource } from './resource/attach';
import { attachUseResource } from './resource/attachUse';
import { ossResource } from './resource/oss';
import { smsResource } from './resource/sms';
import { reportResource } from './develop/report';
import { datasourceResource } from './develop/datasource';
import { modelResource } from './develop/model';
import { codeResource } from './develop/code';
import { modelPrototypeResource } from './develop/modelPrototype';
import {
  logApiResource,
  logAuditResource,
  logErrorResource,
  logLoginResource,
  logUsualResource,
  onlineUserResource,
} from './logs';

/** The system domain's resources served by the generic engine (the menu screen's definition is not
 * one: menus are served by hand). */
export const systemResources: ResourceDef[] = [
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
  logUsualResource,
  logApiResource,
  logErrorResource,
  logLoginResource,
  logAuditResource,
  onlineUserResource,
  attachResource,
  attachUseResource,
  ossResource,
  smsResource,
  reportResource,
  datasourceResource,
  modelResource,
  modelPrototypeResource,
  codeResource,
];
