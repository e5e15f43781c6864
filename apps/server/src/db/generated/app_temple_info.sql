-- Generated from the resource definition "templeInfo" (寺庙信息) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_temple_info (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  temple_name varchar(100) NOT NULL, -- 寺庙名称
  temple_name_bo varchar(200) NOT NULL, -- 寺庙名称(藏文)
  site_type int NOT NULL, -- 场所类别
  sect int NOT NULL, -- 教派
  community_id bigint NOT NULL, -- 所在社区
  mesh_id bigint, -- 所在网格
  address varchar(200) NOT NULL, -- 地址
  longitude numeric(10,7), -- 经度
  latitude numeric(10,7), -- 纬度
  register_no varchar(50), -- 登记证号
  approve_org varchar(100), -- 批准设立机关
  approve_date date, -- 批准设立时间
  register_org varchar(100), -- 登记机关
  register_date date, -- 登记时间
  found_year varchar(20), -- 始建年代
  quota_monks int, -- 僧尼定员
  actual_monks int, -- 实有僧尼数
  living_buddha_num int, -- 活佛人数
  manager_name varchar(32), -- 寺管会主任
  manager_phone varchar(32), -- 主任电话
  resident_cadre varchar(32), -- 驻寺干部
  resident_cadre_phone varchar(32), -- 驻寺干部电话
  building_area numeric(10,2), -- 建筑面积(㎡)
  land_area numeric(10,2), -- 占地面积(㎡)
  relic_level int, -- 文物保护级别
  phone varchar(32), -- 场所电话
  open_time varchar(100), -- 开放时间
  introduction varchar(5000), -- 简介
  introduction_bo varchar(5000), -- 简介(藏文)
  images varchar(2000), -- 照片
  attach_ids varchar(1000), -- 登记证扫描件
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

CREATE INDEX IF NOT EXISTS app_temple_info_list_idx ON app_temple_info (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_temple_info_site_type_idx ON app_temple_info (tenant_id, site_type, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_temple_info_sect_idx ON app_temple_info (tenant_id, sect, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_temple_info_community_id_idx ON app_temple_info (tenant_id, community_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_temple_info_show_in_app_idx ON app_temple_info (tenant_id, show_in_app, sort, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_temple_info ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_temple_info
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
