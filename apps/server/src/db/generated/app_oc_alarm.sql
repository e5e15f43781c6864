-- Generated from the resource definition "ocAlarm" (设备告警) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_oc_alarm (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  alarm_no varchar(32) NOT NULL, -- 告警编号
  device_id bigint NOT NULL, -- 设备
  device_name varchar(64) NOT NULL, -- 设备名称
  device_type int NOT NULL, -- 设备类型
  imei varchar(20) NOT NULL, -- IMEI
  community_id bigint NOT NULL, -- 所属社区
  mesh_id bigint, -- 网格
  household_id bigint, -- 住户
  install_address varchar(200) NOT NULL, -- 位置
  alarm_type int NOT NULL, -- 告警类型
  alarm_level int NOT NULL, -- 告警等级
  alarm_value varchar(64), -- 触发值
  alarm_content varchar(500) NOT NULL, -- 告警描述
  alarm_time timestamp(0) NOT NULL, -- 发生时间
  recover_time timestamp(0), -- 恢复时间
  raw_payload varchar(10000), -- 原始报文
  handle_status int NOT NULL DEFAULT 0, -- 处理状态
  confirm_type int NOT NULL DEFAULT 0, -- 警情确认
  handle_user_id bigint, -- 处理人
  handle_time timestamp(0), -- 处理时间
  handle_result varchar(1000), -- 处理结果
  handle_images varchar(2000), -- 现场照片
  notify_status int NOT NULL DEFAULT 0, -- 通知状态
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_oc_alarm_list_idx ON app_oc_alarm (tenant_id, alarm_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_alarm_device_id_idx ON app_oc_alarm (tenant_id, device_id, alarm_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_alarm_community_id_idx ON app_oc_alarm (tenant_id, community_id, alarm_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_alarm_alarm_type_idx ON app_oc_alarm (tenant_id, alarm_type, alarm_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_alarm_alarm_level_idx ON app_oc_alarm (tenant_id, alarm_level, alarm_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_oc_alarm_handle_status_idx ON app_oc_alarm (tenant_id, handle_status, alarm_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_oc_alarm ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_oc_alarm
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
