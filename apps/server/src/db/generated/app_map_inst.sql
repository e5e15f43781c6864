-- Generated from the resource definition "mapInst" (地图点位) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_map_inst (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  institution_name varchar(100) NOT NULL, -- 名称
  institution_name_bo varchar(100), -- 名称(藏文)
  institution_type int NOT NULL, -- 类型
  community_id bigint NOT NULL, -- 所属社区
  mesh_id bigint, -- 所在网格
  address varchar(200) NOT NULL, -- 地址
  longitude numeric(10,7) NOT NULL, -- 经度
  latitude numeric(10,7) NOT NULL, -- 纬度
  contact_name varchar(32), -- 联系人
  phone varchar(32), -- 电话
  open_time varchar(100), -- 开放时间
  introduction varchar(5000), -- 简介
  images varchar(2000), -- 图片
  icon varchar(500), -- 地图图标
  related_id bigint, -- 关联业务
  sort int NOT NULL DEFAULT 1, -- 排序
  show_in_app int NOT NULL DEFAULT 1, -- App展示
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_map_inst_list_idx ON app_map_inst (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_map_inst_institution_type_idx ON app_map_inst (tenant_id, institution_type, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_map_inst_community_id_idx ON app_map_inst (tenant_id, community_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_map_inst_show_in_app_idx ON app_map_inst (tenant_id, show_in_app, sort, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_map_inst ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_map_inst
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
