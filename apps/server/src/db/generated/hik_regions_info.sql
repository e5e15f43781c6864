-- Generated from the resource definition "hikRegion" (监控区域) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS hik_regions_info (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  parent_index_code varchar(64) NOT NULL DEFAULT '-1', -- 上级区域
  index_code varchar(64) NOT NULL, -- 区域编号
  region_name varchar(100) NOT NULL, -- 区域名称
  region_path varchar(500), -- 区域路径
  region_path_name varchar(500), -- 路径名称
  tree_level int, -- 层级
  leaf int, -- 叶子节点
  catalog_type int, -- 区域类型
  sort int NOT NULL DEFAULT 1, -- 排序
  community_id bigint, -- 绑定社区
  sync_time timestamp(0), -- 同步时间
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS hik_regions_info_list_idx ON hik_regions_info (tenant_id, sort, index_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS hik_regions_info_index_code_idx ON hik_regions_info (tenant_id, index_code, sort, index_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS hik_regions_info_community_id_idx ON hik_regions_info (tenant_id, community_id, sort, index_code, id DESC) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS hik_regions_info_index_code_uq ON hik_regions_info (tenant_id, index_code) WHERE is_deleted = 0;

ALTER TABLE hik_regions_info ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hik_regions_info
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
