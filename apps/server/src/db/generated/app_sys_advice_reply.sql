-- Generated from the resource definition "sysAdviceReply" (建议回复) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_advice_reply (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  advice_id bigint NOT NULL, -- 建议
  reply_type int NOT NULL, -- 类型
  reply_user_id bigint, -- 回复人ID
  reply_user_name varchar(32), -- 回复人
  content varchar(2000) NOT NULL, -- 内容
  images varchar(2000), -- 图片
  action_code int, -- 动作
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_sys_advice_reply_list_idx ON app_sys_advice_reply (tenant_id, create_time, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_advice_reply_advice_id_idx ON app_sys_advice_reply (tenant_id, advice_id, create_time, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_sys_advice_reply ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_advice_reply
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
