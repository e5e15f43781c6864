-- Generated from the resource definition "logLogin" (登录日志) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_log_login (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  account varchar(64), -- 登录账号
  user_id bigint, -- 用户ID
  success int, -- 登录结果
  message varchar(255), -- 提示信息
  grant_type varchar(32), -- 授权类型
  remote_ip varchar(255), -- 登录IP
  user_agent varchar(1000), -- 用户代理
  create_time timestamp(0) -- 创建时间
);

CREATE INDEX IF NOT EXISTS blade_log_login_list_idx ON blade_log_login (tenant_id, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_log_login_success_idx ON blade_log_login (tenant_id, success, create_time DESC, id DESC);

ALTER TABLE blade_log_login ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_log_login
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
