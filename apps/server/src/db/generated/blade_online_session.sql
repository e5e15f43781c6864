-- Generated from the resource definition "onlineUser" (在线用户) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_online_session (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  session_id varchar(64), -- 会话
  user_id bigint, -- 用户ID
  account varchar(64), -- 账号
  nick_name varchar(64), -- 姓名
  client_id varchar(64), -- 客户端
  remote_ip varchar(255), -- 登录IP
  user_agent varchar(1000), -- 用户代理
  login_time timestamp(0), -- 登录时间
  last_time timestamp(0), -- 最近活动
  expire_time timestamp(0), -- 过期时间
  refresh_jti varchar(64) -- 刷新令牌标识
);

CREATE INDEX IF NOT EXISTS blade_online_session_list_idx ON blade_online_session (tenant_id, login_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_online_session_session_id_idx ON blade_online_session (tenant_id, session_id, login_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_online_session_user_id_idx ON blade_online_session (tenant_id, user_id, login_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_online_session_expire_time_idx ON blade_online_session (tenant_id, expire_time, login_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_online_session_last_time_idx ON blade_online_session (tenant_id, last_time);

ALTER TABLE blade_online_session ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_online_session
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
