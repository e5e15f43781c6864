-- Indexes that serve the list screens' first pages in order: tenant, the common equality filter, then
-- the default sort with its id tie-breaker, partial on the rows a list shows (is_deleted = 0, a task's
-- status). A page then reads its ten rows from the index instead of sorting every row of the tenant.
-- Measured in bench/ on 1M 党员值班 rows (first page, dutyStatus filter): 34 ms → 0.14 ms; unfiltered
-- first page 116 ms → 0.17 ms; page 1000 67 ms → 20 ms. Indexes they replace are dropped.

-- 党员值班: default sort duty_date desc; dutyStatus is the filter every screen tab sets.
DROP INDEX IF EXISTS app_party_duty_tenant_idx;
CREATE INDEX app_party_duty_list_idx ON app_party_duty (tenant_id, duty_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX app_party_duty_status_idx ON app_party_duty (tenant_id, duty_status, duty_date DESC, id DESC)
  WHERE is_deleted = 0;

-- 用户管理: default sort create_time desc (no index served it).
CREATE INDEX blade_user_list_idx ON blade_user (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;

-- 通知公告: default sort release_time desc.
DROP INDEX IF EXISTS blade_notice_tenant_idx;
CREATE INDEX blade_notice_list_idx ON blade_notice (tenant_id, release_time DESC, id DESC) WHERE is_deleted = 0;

-- Work lists (workflow/routes.ts): todo, claim and done by task time, send and follow by start time, each
-- with the id tie-breaker the lists sort by (timestamps have whole seconds: many tasks share one).
DROP INDEX IF EXISTS flow_task_todo_idx;
CREATE INDEX flow_task_todo_idx ON flow_task (tenant_id, assignee, create_time DESC, id DESC) WHERE status = 'active';
DROP INDEX IF EXISTS flow_task_claim_idx;
CREATE INDEX flow_task_claim_idx ON flow_task (tenant_id, create_time DESC, id DESC)
  WHERE status = 'active' AND assignee IS NULL;
DROP INDEX IF EXISTS flow_task_done_idx;
CREATE INDEX flow_task_done_idx ON flow_task (tenant_id, assignee, end_time DESC, id DESC) WHERE status = 'completed';
DROP INDEX IF EXISTS flow_instance_starter_idx;
CREATE INDEX flow_instance_starter_idx ON flow_process_instance (tenant_id, start_user_id, start_time DESC, id DESC);
DROP INDEX IF EXISTS flow_instance_running_idx;
CREATE INDEX flow_instance_running_idx ON flow_process_instance (tenant_id, start_time DESC, id DESC)
  WHERE status = 'running';
