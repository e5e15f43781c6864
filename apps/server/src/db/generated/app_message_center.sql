-- Generated from the resource definition "messageCenter" (消息中心) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_message_center (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  receiver_id bigint NOT NULL, -- 接收人
  send_role_ids varchar(1000), -- 接收角色
  receiver_type int NOT NULL DEFAULT 1, -- 接收人类型
  message_type int NOT NULL DEFAULT 1, -- 消息类型
  title varchar(100) NOT NULL, -- 标题
  title_bo varchar(100), -- 标题(藏文)
  content varchar(1000) NOT NULL, -- 内容
  biz_type varchar(32), -- 业务类型
  biz_id bigint, -- 业务ID
  read_status int NOT NULL DEFAULT 0, -- 阅读状态
  read_time timestamp(0), -- 阅读时间
  send_time timestamp(0), -- 发送时间
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_message_center_list_idx ON app_message_center (tenant_id, send_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_message_center_receiver_id_idx ON app_message_center (tenant_id, receiver_id, send_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_message_center_message_type_idx ON app_message_center (tenant_id, message_type, send_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_message_center_read_status_idx ON app_message_center (tenant_id, read_status, send_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_message_center ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_message_center
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
