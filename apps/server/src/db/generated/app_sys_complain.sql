-- Generated from the resource definition "sysComplain" (投诉管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_complain (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  complain_no varchar(32), -- 工单号
  complain_type int NOT NULL, -- 投诉类别
  title varchar(100) NOT NULL, -- 标题
  content varchar(2000) NOT NULL, -- 内容
  images varchar(2000), -- 图片
  address varchar(200), -- 发生地点
  app_user_id bigint, -- 投诉人账号
  complainant_name varchar(32), -- 投诉人
  complainant_phone varchar(20), -- 联系电话
  community_id bigint, -- 所属社区
  is_anonymous int NOT NULL DEFAULT 0, -- 匿名
  handle_status int NOT NULL DEFAULT 0, -- 处理状态
  overdue int NOT NULL DEFAULT 0, -- 超期
  handle_user_id bigint, -- 承办人
  handle_dept_id bigint, -- 承办部门
  accept_time timestamp(0), -- 受理时间
  finish_time timestamp(0), -- 办结时间
  result varchar(1000), -- 办结结果
  satisfaction int, -- 评价
  evaluate_content varchar(500), -- 评价内容
  evaluate_time timestamp(0), -- 评价时间
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

CREATE INDEX IF NOT EXISTS app_sys_complain_list_idx ON app_sys_complain (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_complain_complain_no_idx ON app_sys_complain (tenant_id, complain_no, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_complain_complain_type_idx ON app_sys_complain (tenant_id, complain_type, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_complain_app_user_id_idx ON app_sys_complain (tenant_id, app_user_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_complain_community_id_idx ON app_sys_complain (tenant_id, community_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_complain_handle_status_idx ON app_sys_complain (tenant_id, handle_status, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_complain_overdue_idx ON app_sys_complain (tenant_id, overdue, create_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_sys_complain ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_complain
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
