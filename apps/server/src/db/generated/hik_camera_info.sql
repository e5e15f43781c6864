-- Generated from the resource definition "hikCamera" (监控点位) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS hik_camera_info (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  camera_index_code varchar(64) NOT NULL, -- 监控点编号
  camera_name varchar(100) NOT NULL, -- 监控点名称
  camera_type int NOT NULL, -- 类型
  region_index_code varchar(64) NOT NULL, -- 所属区域
  channel_no varchar(16), -- 通道号
  channel_type varchar(16), -- 通道类型
  encode_dev_index_code varchar(64), -- 编码设备
  gb_index_code varchar(32), -- 国标编码
  install_location varchar(200), -- 安装位置
  longitude varchar(32), -- 经度
  latitude varchar(32), -- 纬度
  altitude varchar(32), -- 高度
  pixel int, -- 像素
  ptz int, -- 云镜能力
  trans_type int, -- 传输协议
  treaty_type varchar(32), -- 接入协议
  capability_set varchar(500), -- 能力集
  online_status int NOT NULL DEFAULT -1, -- 在线状态
  community_id bigint, -- 绑定社区
  mesh_id bigint, -- 所在网格
  show_in_app int NOT NULL DEFAULT 0, -- 对居民开放
  sort int NOT NULL DEFAULT 1, -- 排序
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

CREATE INDEX IF NOT EXISTS hik_camera_info_list_idx ON hik_camera_info (tenant_id, sort, camera_index_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS hik_camera_info_camera_index_code_idx ON hik_camera_info (tenant_id, camera_index_code, sort, camera_index_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS hik_camera_info_camera_type_idx ON hik_camera_info (tenant_id, camera_type, sort, camera_index_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS hik_camera_info_region_index_code_idx ON hik_camera_info (tenant_id, region_index_code, sort, camera_index_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS hik_camera_info_online_status_idx ON hik_camera_info (tenant_id, online_status, sort, camera_index_code, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS hik_camera_info_community_id_idx ON hik_camera_info (tenant_id, community_id, sort, camera_index_code, id DESC) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS hik_camera_info_camera_index_code_uq ON hik_camera_info (tenant_id, camera_index_code) WHERE is_deleted = 0;

ALTER TABLE hik_camera_info ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON hik_camera_info
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
