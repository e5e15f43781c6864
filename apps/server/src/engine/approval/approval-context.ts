import type { EngineContext } from '../crud/engine-context.js';
import type { Approvals } from './approvals.js';

/** What the approval mechanism hands its routes and handlers: the engine's context and the approval
 * wiring, built once by buildApp. */
export interface ApprovalContext extends EngineContext {
  /** The approval effects of every resource with a process, and the shipped processes (engine/approval). */
  approvals: Approvals;
}
