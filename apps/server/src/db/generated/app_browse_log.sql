-- Generated from the resource definition "browseLog" (浏览记录) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_browse_log (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  target_type varchar(32) NOT NULL, -- 内容类型
  target_id bigint NOT NULL, -- 内容ID
  target_title varchar(200), -- 标题
  section_id bigint, -- 栏目
  app_user_id bigint, -- 浏览人
  community_id bigint, -- 所属社区
  browse_time timestamp(0) NOT NULL, -- 浏览时间
  duration_seconds int, -- 停留(秒)
  client_type int, -- 终端
  ip varchar(64), -- IP
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_browse_log_list_idx ON app_browse_log (tenant_id, browse_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_browse_log_target_type_idx ON app_browse_log (tenant_id, target_type, browse_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_browse_log_target_id_idx ON app_browse_log (tenant_id, target_id, browse_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_browse_log_app_user_id_idx ON app_browse_log (tenant_id, app_user_id, browse_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_browse_log_community_id_idx ON app_browse_log (tenant_id, community_id, browse_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_browse_log_create_time_idx ON app_browse_log (tenant_id, create_time, browse_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_browse_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_browse_log
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
