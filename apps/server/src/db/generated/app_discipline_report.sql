-- Generated from the resource definition "disciplineReport" (纪检举报) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_discipline_report (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  report_no varchar(32), -- 举报编号
  title varchar(100) NOT NULL, -- 标题
  problem_type int NOT NULL, -- 问题类别
  reported_name varchar(32) NOT NULL, -- 被反映人
  reported_unit varchar(100) NOT NULL, -- 被反映人单位
  reported_post varchar(50), -- 职务
  reported_level int, -- 职级
  is_real_name int NOT NULL DEFAULT 2, -- 举报方式
  informant_name varchar(32), -- 举报人
  informant_phone varchar(32), -- 举报人电话
  informant_id_card varchar(18), -- 举报人身份证
  report_time timestamp(0), -- 举报时间
  handle_status int NOT NULL DEFAULT 0, -- 处理状态
  content varchar(10000) NOT NULL, -- 主要问题
  images varchar(2000), -- 证据材料
  result_type int, -- 办理方式
  survey_opinion varchar(2000), -- 调查意见
  handle_time timestamp(0), -- 办理时间
  query_code varchar(128), -- 查询密码
  app_user_id bigint, -- 举报人账号
  community_id bigint, -- 发生社区
  handle_user_id bigint, -- 承办人
  attach_ids varchar(2000), -- 附件
  process_definition_id bigint, -- approval group
  process_instance_id bigint, -- approval group
  audit_status int, -- approval group
  audit_user bigint, -- approval group
  audit_time timestamp(0), -- approval group
  audit_remark varchar(500), -- approval group
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_discipline_report_list_idx ON app_discipline_report (tenant_id, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_discipline_report_report_no_idx ON app_discipline_report (tenant_id, report_no, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_discipline_report_problem_type_idx ON app_discipline_report (tenant_id, problem_type, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_discipline_report_is_real_name_idx ON app_discipline_report (tenant_id, is_real_name, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_discipline_report_handle_status_idx ON app_discipline_report (tenant_id, handle_status, report_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_discipline_report ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_discipline_report
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
