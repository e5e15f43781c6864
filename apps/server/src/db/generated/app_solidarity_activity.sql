-- Generated from the resource definition "solidarityActivity" (民族团结活动) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_solidarity_activity (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  title varchar(100) NOT NULL, -- 活动主题
  title_bo varchar(200), -- 活动主题(藏文)
  activity_type int NOT NULL, -- 活动类型
  community_id bigint NOT NULL, -- 所属社区
  organizer_type int, -- 主办方类型
  organizer varchar(100), -- 主办方
  language int, -- 活动语言
  pair_families varchar(500), -- 结对家庭
  cover varchar(500), -- 封面
  content varchar(5000) NOT NULL, -- 活动详情
  content_bo varchar(5000), -- 活动详情(藏文)
  address varchar(200) NOT NULL, -- 活动地点
  start_time timestamp(0) NOT NULL, -- 开始时间
  end_time timestamp(0) NOT NULL, -- 结束时间
  enroll_start_time timestamp(0) NOT NULL, -- 报名开始
  enroll_end_time timestamp(0) NOT NULL, -- 报名截止
  limit_num int NOT NULL DEFAULT 0, -- 人数上限(0不限)
  enroll_audit int NOT NULL DEFAULT 0, -- 报名需审核
  score int NOT NULL DEFAULT 0, -- 奖励积分
  contact_name varchar(32), -- 联系人
  contact_phone varchar(32), -- 联系电话
  activity_status int NOT NULL DEFAULT 1, -- 活动状态
  enroll_num int NOT NULL DEFAULT 0, -- 报名人数
  sign_num int NOT NULL DEFAULT 0, -- 签到人数
  browse_num int NOT NULL DEFAULT 0, -- 浏览量
  cancel_reason varchar(200), -- 取消原因
  cancel_time timestamp(0), -- 取消时间
  summary varchar(5000), -- 活动总结
  summary_images varchar(2000), -- 活动照片
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

CREATE INDEX IF NOT EXISTS app_solidarity_activity_list_idx ON app_solidarity_activity (tenant_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_solidarity_activity_activity_type_idx ON app_solidarity_activity (tenant_id, activity_type, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_solidarity_activity_community_id_idx ON app_solidarity_activity (tenant_id, community_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_solidarity_activity_activity_status_idx ON app_solidarity_activity (tenant_id, activity_status, start_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_solidarity_activity ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_solidarity_activity
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
