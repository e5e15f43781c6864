-- Generated from the resource definition "partyDoubleReport" (双报到管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_double_report (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  report_kind int NOT NULL DEFAULT 1, -- 报到类型
  name varchar(32), -- 姓名
  phone varchar(32), -- 联系电话
  id_card varchar(18), -- 身份证号
  unit_name varchar(100) NOT NULL, -- 工作单位
  unit_type int NOT NULL, -- 单位类别
  unit_party_org varchar(100) NOT NULL, -- 单位党组织
  unit_contact varchar(32), -- 单位联系人
  unit_contact_phone varchar(32), -- 单位联系电话
  party_dept_id bigint, -- 社区党组织
  address varchar(200), -- 居住地址
  service_intention varchar(200), -- 服务意向
  specialty varchar(200), -- 个人特长
  report_time timestamp(0), -- 报到时间
  report_status int NOT NULL DEFAULT 0, -- 状态
  confirm_time timestamp(0), -- 确认时间
  service_hours numeric(8,1), -- 服务时长
  cancel_reason varchar(200), -- 注销原因
  cancel_time timestamp(0), -- 注销时间
  party_archive_id bigint, -- 党员档案
  app_user_id bigint, -- App账号
  community_id bigint, -- 报到社区
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

CREATE INDEX IF NOT EXISTS app_party_double_report_list_idx ON app_party_double_report (tenant_id, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_double_report_report_kind_idx ON app_party_double_report (tenant_id, report_kind, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_double_report_id_card_idx ON app_party_double_report (tenant_id, id_card, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_double_report_party_dept_id_idx ON app_party_double_report (tenant_id, party_dept_id, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_double_report_report_status_idx ON app_party_double_report (tenant_id, report_status, report_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_double_report_party_archive_id_idx ON app_party_double_report (tenant_id, party_archive_id, report_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_party_double_report ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_double_report
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
