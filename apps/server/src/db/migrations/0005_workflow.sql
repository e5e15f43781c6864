-- Workflow: our own BPMN executor over rows (see docs/architecture.md#the-workflow-executor). The rows are
-- the state; every list is a plain indexed query. PostgreSQL 15 and PGlite.
--
-- Tenancy: every table carries tenant_id with the usual tenant_isolation policy. Process definitions
-- deployed without target tenants (BladeX "common", mode 1) are owned by the deploying tenant (the
-- platform, 000000) and flagged shared = 1; the extra SELECT-only policy shared_read lets every tenant
-- read (and so start) them, while only the owner may change or delete them. Instances, tasks, history
-- and comments always belong to the tenant that started the instance.

CREATE TABLE flow_model (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  model_key varchar(64) NOT NULL,
  name varchar(255) NOT NULL,
  description varchar(1000),
  category varchar(64),
  version int NOT NULL DEFAULT 1,
  xml text NOT NULL,
  create_user bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  is_deleted int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX flow_model_key_uq ON flow_model (tenant_id, model_key) WHERE is_deleted = 0;

CREATE TABLE flow_deployment (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  shared int NOT NULL DEFAULT 0,
  name varchar(255) NOT NULL,
  source varchar(16) NOT NULL,
  model_id bigint,
  resource_name varchar(255),
  category varchar(64),
  deploy_time timestamp(0) NOT NULL,
  deploy_user bigint
);
CREATE INDEX flow_deployment_tenant_idx ON flow_deployment (tenant_id);

CREATE TABLE flow_process_definition (
  id bigint PRIMARY KEY,
  deployment_id bigint NOT NULL,
  tenant_id varchar(12) NOT NULL,
  shared int NOT NULL DEFAULT 0,
  process_key varchar(64) NOT NULL,
  name varchar(255) NOT NULL,
  description varchar(1000),
  version int NOT NULL,
  category varchar(64),
  resource_name varchar(255),
  xml text NOT NULL,
  compiled jsonb NOT NULL,
  suspension_state int NOT NULL DEFAULT 1,
  deploy_time timestamp(0) NOT NULL
);
CREATE UNIQUE INDEX flow_definition_version_uq ON flow_process_definition (tenant_id, process_key, version);
CREATE INDEX flow_definition_deployment_idx ON flow_process_definition (deployment_id);
CREATE INDEX flow_definition_shared_idx ON flow_process_definition (shared, process_key) WHERE shared = 1;

CREATE TABLE flow_process_instance (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  process_definition_id bigint NOT NULL,
  process_definition_key varchar(64) NOT NULL,
  name varchar(255),
  category varchar(64),
  business_table varchar(64),
  business_id varchar(64),
  start_user_id bigint,
  start_time timestamp(0) NOT NULL,
  end_time timestamp(0),
  end_activity_id varchar(255),
  status varchar(16) NOT NULL DEFAULT 'running',
  suspension_state int NOT NULL DEFAULT 1,
  delete_reason varchar(500),
  variables jsonb NOT NULL DEFAULT '{}',
  joins jsonb NOT NULL DEFAULT '{}',
  version int NOT NULL DEFAULT 1
);
CREATE INDEX flow_instance_starter_idx ON flow_process_instance (tenant_id, start_user_id, start_time DESC);
CREATE INDEX flow_instance_running_idx ON flow_process_instance (tenant_id, start_time DESC) WHERE status = 'running';
CREATE INDEX flow_instance_business_idx ON flow_process_instance (business_table, business_id);
CREATE INDEX flow_instance_definition_idx ON flow_process_instance (process_definition_id);

CREATE TABLE flow_task (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  process_instance_id bigint NOT NULL,
  process_definition_id bigint NOT NULL,
  task_def_key varchar(255) NOT NULL,
  name varchar(255),
  assignee bigint,
  candidate_users text NOT NULL DEFAULT '',
  candidate_groups text NOT NULL DEFAULT '',
  form_key varchar(255),
  status varchar(16) NOT NULL DEFAULT 'active',
  outcome varchar(16),
  create_time timestamp(0) NOT NULL,
  claim_time timestamp(0),
  end_time timestamp(0)
);
CREATE INDEX flow_task_instance_idx ON flow_task (process_instance_id);
CREATE INDEX flow_task_todo_idx ON flow_task (tenant_id, assignee) WHERE status = 'active';
CREATE INDEX flow_task_claim_idx ON flow_task (tenant_id, create_time) WHERE status = 'active' AND assignee IS NULL;
CREATE INDEX flow_task_done_idx ON flow_task (tenant_id, assignee, end_time DESC) WHERE status = 'completed';

CREATE TABLE flow_history_activity (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  process_instance_id bigint NOT NULL,
  activity_id varchar(255) NOT NULL,
  activity_name varchar(255),
  activity_type varchar(32) NOT NULL,
  task_id bigint,
  assignee bigint,
  start_time timestamp(0) NOT NULL,
  end_time timestamp(0),
  duration_ms bigint,
  seq int NOT NULL
);
CREATE INDEX flow_history_instance_idx ON flow_history_activity (process_instance_id, seq);
CREATE INDEX flow_history_task_idx ON flow_history_activity (task_id) WHERE task_id IS NOT NULL;

CREATE TABLE flow_comment (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  process_instance_id bigint NOT NULL,
  task_id bigint,
  user_id bigint,
  type varchar(16) NOT NULL,
  message varchar(2000),
  create_time timestamp(0) NOT NULL
);
CREATE INDEX flow_comment_instance_idx ON flow_comment (process_instance_id, create_time);
CREATE INDEX flow_comment_task_idx ON flow_comment (task_id);

-- The leave demo's business table (BladeX blade_process_leave) with the approval group of
-- docs/domain-model.md#common-columns.
CREATE TABLE blade_process_leave (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  process_definition_id bigint,
  process_instance_id bigint,
  start_time timestamp(0) NOT NULL,
  end_time timestamp(0) NOT NULL,
  reason varchar(500) NOT NULL,
  task_user bigint,
  apply_time timestamp(0),
  audit_status int,
  audit_user bigint,
  audit_time timestamp(0),
  audit_remark varchar(500),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX blade_process_leave_tenant_idx ON blade_process_leave (tenant_id, create_user);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['flow_model','flow_deployment','flow_process_definition','flow_process_instance',
    'flow_task','flow_history_activity','flow_comment','blade_process_leave']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))
      WITH CHECK (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))$p$, t);
  END LOOP;
END $$;

-- Shared (common) deployments and definitions: readable by every tenant, writable only by the owner.
CREATE POLICY shared_read ON flow_deployment FOR SELECT USING (shared = 1);
CREATE POLICY shared_read ON flow_process_definition FOR SELECT USING (shared = 1);

GRANT SELECT, INSERT, UPDATE, DELETE ON flow_model, flow_deployment, flow_process_definition,
  flow_process_instance, flow_task, flow_history_activity, flow_comment, blade_process_leave TO tongxin_app;
