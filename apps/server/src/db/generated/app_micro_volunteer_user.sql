-- Generated from the resource definition "microVolunteerUser" (报名人员) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_micro_volunteer_user (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  activity_id bigint NOT NULL, -- 活动
  app_user_id bigint NOT NULL, -- 志愿者
  name varchar(32), -- 姓名
  phone varchar(32), -- 电话
  sex int, -- 性别
  age int, -- 年龄
  enroll_time timestamp(0), -- 报名时间
  enroll_status int NOT NULL DEFAULT 1, -- 报名状态
  sign_status int NOT NULL DEFAULT 0, -- 签到状态
  sign_in_time timestamp(0), -- 签到时间
  sign_out_time timestamp(0), -- 签退时间
  service_hours numeric(4,1), -- 服务时长
  settle_score int, -- 结算积分
  settle_status int NOT NULL DEFAULT 0, -- 结算状态
  remark varchar(200), -- 备注
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_micro_volunteer_user_list_idx ON app_micro_volunteer_user (tenant_id, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_user_activity_id_idx ON app_micro_volunteer_user (tenant_id, activity_id, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_user_app_user_id_idx ON app_micro_volunteer_user (tenant_id, app_user_id, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_user_enroll_status_idx ON app_micro_volunteer_user (tenant_id, enroll_status, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_user_sign_status_idx ON app_micro_volunteer_user (tenant_id, sign_status, enroll_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_micro_volunteer_user ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_micro_volunteer_user
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
