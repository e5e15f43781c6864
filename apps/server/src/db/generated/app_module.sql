-- Generated from the resource definition "module" (功能模块) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_module (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  icon varchar(500) NOT NULL, -- 图标
  module_name varchar(32) NOT NULL, -- 模块名称
  module_name_bo varchar(64), -- 模块名称(藏文)
  module_code varchar(32) NOT NULL, -- 模块编码
  module_position int NOT NULL DEFAULT 1, -- 位置
  page_url varchar(300), -- 跳转地址
  audience int NOT NULL DEFAULT 0, -- 可见对象
  sort int NOT NULL DEFAULT 1, -- 排序
  enable_status int NOT NULL DEFAULT 1, -- 启用
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_module_list_idx ON app_module (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_module_module_position_idx ON app_module (tenant_id, module_position, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_module_enable_status_idx ON app_module (tenant_id, enable_status, sort, id DESC) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS app_module_module_code_uq ON app_module (tenant_id, module_code) WHERE is_deleted = 0;

ALTER TABLE app_module ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_module
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
