-- Generated from the resource definition "microVolunteer" (微志愿活动) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_micro_volunteer (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  title varchar(100) NOT NULL, -- 活动名称
  title_bo varchar(200), -- 活动名称(藏文)
  community_id bigint NOT NULL, -- 发布社区
  scope_type int NOT NULL DEFAULT 0, -- 参与范围
  service_type int NOT NULL, -- 服务类别
  cover varchar(500), -- 封面
  content varchar(5000) NOT NULL, -- 内容/岗位要求
  content_bo varchar(5000), -- 内容(藏文)
  address varchar(200) NOT NULL, -- 活动地点
  longitude numeric(10,7), -- 经度
  latitude numeric(10,7), -- 纬度
  start_time timestamp(0) NOT NULL, -- 开始时间
  end_time timestamp(0) NOT NULL, -- 结束时间
  enroll_start_time timestamp(0) NOT NULL, -- 报名开始
  enroll_end_time timestamp(0) NOT NULL, -- 报名截止
  need_num int NOT NULL DEFAULT 10, -- 招募人数
  enroll_num int NOT NULL DEFAULT 0, -- 报名人数
  sign_num int NOT NULL DEFAULT 0, -- 签到人数
  service_hours numeric(4,1), -- 服务时长(小时/人)
  score int NOT NULL, -- 奖励积分
  absent_penalty int NOT NULL DEFAULT 0, -- 缺席扣分
  party_only int NOT NULL DEFAULT 0, -- 仅限党员
  charge_name varchar(32) NOT NULL, -- 负责人
  charge_phone varchar(32) NOT NULL, -- 负责人电话
  activity_status int NOT NULL DEFAULT 1, -- 活动状态
  settle_status int NOT NULL DEFAULT 0, -- 结算状态
  settle_time timestamp(0), -- 结算时间
  settle_user bigint, -- 结算人
  cancel_reason varchar(200), -- 取消原因
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_micro_volunteer_list_idx ON app_micro_volunteer (tenant_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_community_id_idx ON app_micro_volunteer (tenant_id, community_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_service_type_idx ON app_micro_volunteer (tenant_id, service_type, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_activity_status_idx ON app_micro_volunteer (tenant_id, activity_status, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_micro_volunteer_settle_status_idx ON app_micro_volunteer (tenant_id, settle_status, start_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_micro_volunteer ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_micro_volunteer
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
