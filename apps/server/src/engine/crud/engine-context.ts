import type { Services } from '../../services.js';
import type { ResourceEngines } from './resource-engines.js';

/** What the generic engine hands its hooks and routes: the infrastructure's services and the engine of
 * every served definition, built once by buildApp. */
export interface EngineContext extends Services {
  /** The engine of every served definition (engine/crud/resource-engines.ts): a route reading or changing
   * another resource's rows, or the record behind a workflow task, goes through that resource's scope. */
  resources: ResourceEngines;
}
