-- Generated from the resource definition "sysAdvice" (意见建议) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_advice (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  advice_type int NOT NULL, -- 建议类别
  title varchar(100) NOT NULL, -- 标题
  content varchar(2000) NOT NULL, -- 内容
  images varchar(2000), -- 图片
  contact_phone varchar(32), -- 联系电话
  app_user_id bigint, -- 提交人
  community_id bigint, -- 所属社区
  reply_status int NOT NULL DEFAULT 0, -- 回复状态
  adopt_status int NOT NULL DEFAULT 0, -- 采纳状态
  overdue int NOT NULL DEFAULT 0, -- 超期
  last_reply_time timestamp(0), -- 最近回复
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

CREATE INDEX IF NOT EXISTS app_sys_advice_list_idx ON app_sys_advice (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_advice_advice_type_idx ON app_sys_advice (tenant_id, advice_type, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_advice_app_user_id_idx ON app_sys_advice (tenant_id, app_user_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_advice_community_id_idx ON app_sys_advice (tenant_id, community_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_advice_reply_status_idx ON app_sys_advice (tenant_id, reply_status, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_advice_adopt_status_idx ON app_sys_advice (tenant_id, adopt_status, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_advice_overdue_idx ON app_sys_advice (tenant_id, overdue, create_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_sys_advice ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_advice
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
