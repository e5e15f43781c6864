-- Generated from the resource definition "mapMesh" (网格管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_map_mesh (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  mesh_code varchar(32) NOT NULL, -- 网格编码
  mesh_name varchar(64) NOT NULL, -- 网格名称
  mesh_name_bo varchar(64), -- 网格名称(藏文)
  parent_id bigint, -- 上级网格
  mesh_type int NOT NULL DEFAULT 1, -- 网格类型
  mesh_level int NOT NULL DEFAULT 3, -- 网格层级
  community_id bigint NOT NULL, -- 所属社区
  boundary varchar(200000) NOT NULL, -- 网格边界
  center_lng numeric(10,7), -- 中心经度
  center_lat numeric(10,7), -- 中心纬度
  area numeric(12,2), -- 面积(㎡)
  color varchar(16), -- 填充色
  grid_manager_id bigint, -- 网格长ID
  grid_manager_name varchar(32), -- 网格长
  grid_manager_phone varchar(32), -- 网格长电话
  party_dept_id bigint, -- 网格党支部
  household_num int, -- 户数
  population_num int, -- 人数
  description varchar(500), -- 范围描述
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

CREATE INDEX IF NOT EXISTS app_map_mesh_list_idx ON app_map_mesh (tenant_id, mesh_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_map_mesh_mesh_type_idx ON app_map_mesh (tenant_id, mesh_type, mesh_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_map_mesh_mesh_level_idx ON app_map_mesh (tenant_id, mesh_level, mesh_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_map_mesh_community_id_idx ON app_map_mesh (tenant_id, community_id, mesh_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_map_mesh_enable_status_idx ON app_map_mesh (tenant_id, enable_status, mesh_code, id DESC) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS app_map_mesh_mesh_code_uq ON app_map_mesh (tenant_id, mesh_code) WHERE is_deleted = 0;

ALTER TABLE app_map_mesh ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_map_mesh
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
