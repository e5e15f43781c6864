-- Generated from the resource definition "partyDuty" (党员值班) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_duty (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  duty_place varchar(200) NOT NULL, -- 值班地点
  duty_post int, -- 值班岗位
  duty_date date NOT NULL, -- 值班日期
  shift int, -- 班次
  member_name varchar(32) NOT NULL, -- 值班党员
  phone varchar(32), -- 联系电话
  duty_status int NOT NULL DEFAULT 0, -- 状态
  reception_num int, -- 接待人数
  duty_content varchar(2000), -- 值班记录
  community_id bigint, -- 所属社区
  party_dept_id bigint, -- 所属党组织
  start_time timestamp(0), -- 开始时间
  end_time timestamp(0), -- 结束时间
  party_archive_id bigint, -- 值班党员档案
  claim_type int NOT NULL DEFAULT 1, -- 排班方式
  sign_in_time timestamp(0), -- 签到时间
  sign_out_time timestamp(0), -- 签退时间
  service_hours numeric(4,1), -- 服务时长
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_party_duty_list_idx ON app_party_duty (tenant_id, duty_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_duty_duty_post_idx ON app_party_duty (tenant_id, duty_post, duty_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_duty_duty_status_idx ON app_party_duty (tenant_id, duty_status, duty_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_duty_duty_post_duty_status_idx ON app_party_duty (tenant_id, duty_post, duty_status, duty_date DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_party_duty ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_duty
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
