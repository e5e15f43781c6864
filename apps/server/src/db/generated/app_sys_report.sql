-- Generated from the resource definition "sysReport" (随手拍) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_report (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  report_no varchar(32), -- 编号
  report_type int NOT NULL, -- 类别
  title varchar(100), -- 标题
  content varchar(1000) NOT NULL, -- 描述
  images varchar(2000) NOT NULL, -- 照片
  video_url varchar(500), -- 视频
  address varchar(200) NOT NULL, -- 地点
  longitude numeric(10,7), -- 经度
  latitude numeric(10,7), -- 纬度
  is_public int NOT NULL DEFAULT 0, -- 公开展示
  app_user_id bigint, -- 上报人
  community_id bigint, -- 所属社区
  mesh_id bigint, -- 网格
  handle_status int NOT NULL DEFAULT 0, -- 处理状态
  overdue int NOT NULL DEFAULT 0, -- 超期
  handle_user_id bigint, -- 处理人
  handle_time timestamp(0), -- 处理时间
  handle_result varchar(1000), -- 处理结果
  result_images varchar(2000), -- 处理后照片
  verify_status int NOT NULL DEFAULT 0, -- 核实
  reward_score int, -- 奖励积分
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

CREATE INDEX IF NOT EXISTS app_sys_report_list_idx ON app_sys_report (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_report_report_no_idx ON app_sys_report (tenant_id, report_no, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_report_report_type_idx ON app_sys_report (tenant_id, report_type, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_report_app_user_id_idx ON app_sys_report (tenant_id, app_user_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_report_community_id_idx ON app_sys_report (tenant_id, community_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_report_handle_status_idx ON app_sys_report (tenant_id, handle_status, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_report_overdue_idx ON app_sys_report (tenant_id, overdue, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_report_verify_status_idx ON app_sys_report (tenant_id, verify_status, create_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_sys_report ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_report
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
