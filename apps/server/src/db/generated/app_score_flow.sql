-- Generated from the resource definition "scoreFlow" (积分流水) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_score_flow (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  app_user_id bigint NOT NULL, -- 用户
  community_id bigint NOT NULL, -- 社区
  direction int NOT NULL, -- 方向
  score int NOT NULL, -- 积分
  balance_after int NOT NULL, -- 变动后余额
  source_type varchar(32) NOT NULL, -- 来源
  source_id bigint, -- 来源业务ID
  source_title varchar(200), -- 来源标题
  remark varchar(200), -- 说明
  flow_time timestamp(0) NOT NULL, -- 发生时间
  operator_id bigint, -- 操作人
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_score_flow_list_idx ON app_score_flow (tenant_id, flow_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_score_flow_app_user_id_idx ON app_score_flow (tenant_id, app_user_id, flow_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_score_flow_community_id_idx ON app_score_flow (tenant_id, community_id, flow_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_score_flow_direction_idx ON app_score_flow (tenant_id, direction, flow_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_score_flow_source_type_idx ON app_score_flow (tenant_id, source_type, flow_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_score_flow_source_id_idx ON app_score_flow (tenant_id, source_id, flow_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_score_flow ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_score_flow
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
