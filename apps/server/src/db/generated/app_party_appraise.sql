-- Generated from the resource definition "partyAppraise" (评议管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_appraise (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  title varchar(100) NOT NULL, -- 评议名称
  appraise_year varchar(4) NOT NULL, -- 年度
  party_dept_id bigint NOT NULL, -- 组织
  start_time timestamp(0) NOT NULL, -- 开始时间
  end_time timestamp(0) NOT NULL, -- 结束时间
  self_start_time timestamp(0), -- 自评开始
  self_end_time timestamp(0), -- 自评截止
  appraise_status int NOT NULL DEFAULT 0, -- 状态
  participant_num int NOT NULL DEFAULT 0, -- 参评人数
  finished_num int NOT NULL DEFAULT 0, -- 已评定
  result_summary varchar(200), -- 评定结果
  description varchar(5000), -- 评议说明
  indicators varchar(5000), -- 评议指标
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_party_appraise_list_idx ON app_party_appraise (tenant_id, appraise_year DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise_appraise_year_idx ON app_party_appraise (tenant_id, appraise_year, appraise_year DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise_party_dept_id_idx ON app_party_appraise (tenant_id, party_dept_id, appraise_year DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise_appraise_status_idx ON app_party_appraise (tenant_id, appraise_status, appraise_year DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_party_appraise ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_appraise
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
