-- Generated from the resource definition "partyReport" (思想汇报) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_report (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  title varchar(100) NOT NULL, -- 标题
  member_name varchar(32) NOT NULL, -- 党员
  party_dept_id bigint NOT NULL, -- 所在支部
  report_type int NOT NULL, -- 汇报类型
  report_period varchar(7), -- 所属期
  submit_time timestamp(0), -- 提交时间
  review_status int NOT NULL DEFAULT 0, -- 批阅状态
  content text NOT NULL, -- 内容
  attach_ids varchar(2000), -- 附件
  review_comment varchar(1000), -- 批阅意见
  review_time timestamp(0), -- 批阅时间
  score int, -- 奖励积分
  party_archive_id bigint, -- 党员档案
  review_user_id bigint, -- 批阅人
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_party_report_list_idx ON app_party_report (tenant_id, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_report_party_dept_id_idx ON app_party_report (tenant_id, party_dept_id, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_report_report_type_idx ON app_party_report (tenant_id, report_type, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_report_review_status_idx ON app_party_report (tenant_id, review_status, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_report_party_archive_id_idx ON app_party_report (tenant_id, party_archive_id, submit_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_party_report ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_report
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
