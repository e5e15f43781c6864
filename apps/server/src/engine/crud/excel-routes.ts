import type { FastifyInstance } from 'fastify';
import { exportRoute } from './excel-export.js';
import { importRoutes } from './excel-import.js';
import type { ResourceEngine } from './resource-engine.js';

/** Export of the filtered list (streamed), template download and import with a per-row error report. */
export function excelRoutes(app: FastifyInstance, engine: ResourceEngine): void {
  if (engine.def.exportable) exportRoute(app, engine);
  // a read-only resource (logs) takes no import
  if (engine.def.importable && !engine.def.readOnly) importRoutes(app, engine);
}
