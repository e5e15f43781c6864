/** The menu wire (blade-system/menu): menus are served by hand, not by the generic engine. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { menuGrantRoutes } from './menu-grant-routes.js';
import { menuScreenRoutes } from './menu-screen-routes.js';
import { menuSessionRoutes } from './menu-session-routes.js';
import { menuWriteRoutes } from './menu-write-routes.js';

export function menuRoutes(app: FastifyInstance, ctx: AppContext): void {
  menuSessionRoutes(app, ctx);
  menuScreenRoutes(app, ctx);
  menuGrantRoutes(app, ctx);
  menuWriteRoutes(app, ctx);
}
