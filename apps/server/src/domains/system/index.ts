/** The system domain: users, roles, tenants, depts, dictionaries, regions, scopes, clients, ... (their
 * hooks and extra verbs), and the hand-written menu, dictionary, shell and user-setting routes. */
import { systemResources } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { domain } from '../../engine/module.js';
import { attachBehaviour } from './attach.js';
import { clientHooks } from './client.js';
import { deptHooks } from './dept.js';
import { dictHooks } from './dict.js';
import { dictRoutes } from './dict-routes.js';
import { seedSystemDemo } from './demo-seed.js';
import { menuRoutes } from './menu-routes.js';
import { onlineUserBehaviour } from './online-user.js';
import { ossBehaviour } from './oss.js';
import { paramHooks } from './param.js';
import { smsBehaviour } from './sms/sms.js';
import { codeBehaviour } from './develop/code.js';
import { datasourceBehaviour } from './develop/datasource.js';
import { modelBehaviour } from './develop/model.js';
import { modelPrototypeBehaviour } from './develop/model-prototype.js';
import { regionHooks } from './region.js';
import { roleBehaviour } from './role.js';
import { scopeHooks } from './scopes.js';
import { shellRoutes } from './shell-routes.js';
import { tenantPackageHooks } from './tenant-package.js';
import { tenantBehaviour } from './tenant.js';
import { topMenuBehaviour } from './top-menu.js';
import { userSettingRoutes } from './user-setting-routes.js';
import { userBehaviour } from './user.js';

function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  menuRoutes(app, ctx);
  dictRoutes(app, ctx);
  shellRoutes(app, ctx);
  userSettingRoutes(app, ctx);
}

export const systemDomain = domain(
  'system',
  systemResources,
  {
    client: { hooks: clientHooks },
    param: { hooks: paramHooks },
    dept: { hooks: deptHooks },
    dict: { hooks: dictHooks('blade_dict') },
    dictBiz: { hooks: dictHooks('blade_dict_biz') },
    region: { hooks: regionHooks },
    role: roleBehaviour,
    dataScope: { hooks: scopeHooks },
    apiScope: { hooks: scopeHooks },
    tenant: tenantBehaviour,
    tenantPackage: { hooks: tenantPackageHooks },
    topMenu: topMenuBehaviour,
    user: userBehaviour,
    onlineUser: onlineUserBehaviour,
    attach: attachBehaviour,
    oss: ossBehaviour,
    sms: smsBehaviour,
    datasource: datasourceBehaviour,
    model: modelBehaviour,
    modelPrototype: modelPrototypeBehaviour,
    code: codeBehaviour,
  },
  { routes: systemRoutes, seedDemo: seedSystemDemo },
);
