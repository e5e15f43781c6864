/** BladeX wire shapes of the designer and manager screens (docs/architecture.md#the-workflow-executor):
 * FlowProcess (start-list, manager-list) and FlowModel. */
import type { Row } from '../../db/database.js';
import { taskUser } from '../../flow/wire.js';

/** FlowProcess (start-list / manager-list). */
export function flowProcess(r: Row, categories: Map<string, string>): Record<string, unknown> {
  const category = (r.category as string | null) ?? '';
  return {
    id: String(r.id),
    tenantId: Number(r.shared) === 1 ? '' : r.tenant_id,
    name: r.name,
    key: r.process_key,
    category,
    categoryName: categories.get(category) ?? '',
    version: Number(r.version),
    deploymentId: String(r.deployment_id),
    resourceName: r.resource_name ?? '',
    diagramResourceName: '',
    description: r.description ?? '',
    suspensionState: Number(r.suspension_state),
    deploymentTime: r.deploy_time,
    shared: Number(r.shared) === 1,
  };
}

/** FlowModel; `xml` only on detail. */
export function flowModel(r: Row, names: Map<string, string>, withXml: boolean): Record<string, unknown> {
  return {
    id: String(r.id),
    modelKey: r.model_key,
    name: r.name,
    description: r.description ?? '',
    category: r.category ?? '',
    version: Number(r.version),
    created: r.create_time,
    lastUpdated: r.update_time,
    createdBy: taskUser(r.create_user),
    createdByName: names.get(String(r.create_user)) ?? '',
    lastUpdatedBy: taskUser(r.update_user),
    modelType: 0,
    tenantId: r.tenant_id,
    ...(withXml ? { modelEditorXml: r.xml } : {}),
  };
}
