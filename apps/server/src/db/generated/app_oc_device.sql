-- Generated from the resource definition "ocDevice" (物联网设备) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_oc_device (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  device_name varchar(64) NOT NULL, -- 设备名称
  device_type int NOT NULL, -- 设备类型
  device_model varchar(64), -- 型号
  manufacturer varchar(64), -- 厂商
  imei varchar(20) NOT NULL, -- IMEI
  imsi varchar(20), -- IMSI
  iccid varchar(20), -- ICCID
  platform_device_id varchar(64) NOT NULL, -- 平台设备ID
  product_id varchar(64), -- 平台产品ID
  community_id bigint NOT NULL, -- 所属社区
  mesh_id bigint, -- 所在网格
  household_id bigint, -- 安装住户
  install_address varchar(200) NOT NULL, -- 安装位置
  longitude numeric(10,7), -- 经度
  latitude numeric(10,7), -- 纬度
  install_time timestamp(0), -- 安装时间
  owner_name varchar(32), -- 责任人
  owner_phone varchar(32), -- 责任人电话
  online_status int NOT NULL DEFAULT 0, -- 设备状态
  battery_level int, -- 电量(%)
  signal_strength int, -- 信号强度
  last_heartbeat_time timestamp(0), -- 最后心跳
  heartbeat_interval int, -- 心跳周期(分钟)
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_oc_device_list_idx ON app_oc_device (tenant_id, install_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_device_device_type_idx ON app_oc_device (tenant_id, device_type, install_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_device_community_id_idx ON app_oc_device (tenant_id, community_id, install_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_device_online_status_idx ON app_oc_device (tenant_id, online_status, install_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_device_last_heartbeat_time_idx ON app_oc_device (tenant_id, last_heartbeat_time) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS app_oc_device_imei_uq ON app_oc_device (tenant_id, imei) WHERE is_deleted = 0;

ALTER TABLE app_oc_device ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_oc_device
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
