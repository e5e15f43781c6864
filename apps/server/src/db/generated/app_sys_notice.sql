-- Generated from the resource definition "sysNotice" (通知公告) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_notice (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  section_id bigint NOT NULL, -- 公告栏目
  title varchar(200) NOT NULL, -- 标题
  title_bo varchar(200), -- 标题(藏文)
  content text NOT NULL, -- 内容
  content_bo text, -- 内容(藏文)
  notice_level int DEFAULT 1, -- 级别
  target_type int NOT NULL DEFAULT 0, -- 发布对象
  target_community_ids varchar(2000), -- 指定社区
  target_tags varchar(200), -- 人群标签
  target_user_ids varchar(4000), -- 指定用户
  target_role_ids varchar(1000), -- 指定角色
  need_confirm int NOT NULL DEFAULT 0, -- 需要回执
  push_app int NOT NULL DEFAULT 1, -- 推送消息
  publish_status int NOT NULL DEFAULT 0, -- 发布状态
  publish_time timestamp(0), -- 发布时间
  publish_user bigint, -- 发布人
  total_num int NOT NULL DEFAULT 0, -- 目标人数
  read_num int NOT NULL DEFAULT 0, -- 已读人数
  attach_ids varchar(2000), -- 附件
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_sys_notice_list_idx ON app_sys_notice (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice_section_id_idx ON app_sys_notice (tenant_id, section_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice_notice_level_idx ON app_sys_notice (tenant_id, notice_level, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice_target_type_idx ON app_sys_notice (tenant_id, target_type, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice_publish_status_idx ON app_sys_notice (tenant_id, publish_status, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice_publish_time_idx ON app_sys_notice (tenant_id, publish_time) WHERE is_deleted = 0;

ALTER TABLE app_sys_notice ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_notice
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
