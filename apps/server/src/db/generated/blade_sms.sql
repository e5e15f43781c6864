-- Generated from the resource definition "sms" (短信配置) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_sms (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  category int NOT NULL, -- 分类
  sms_code varchar(32) NOT NULL, -- 资源编号
  template_id varchar(64) NOT NULL, -- 模板ID
  sign_name varchar(64), -- 短信签名
  app_id varchar(64), -- 应用ID
  access_key varchar(255), -- accessKey
  secret_key varchar(255), -- secretKey
  region_id varchar(255), -- 地域
  endpoint varchar(255), -- 接口地址
  remark varchar(255), -- 备注
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS blade_sms_list_idx ON blade_sms (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_sms_category_idx ON blade_sms (tenant_id, category, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_sms_sms_code_idx ON blade_sms (tenant_id, sms_code) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS blade_sms_sms_code_uq ON blade_sms (tenant_id, sms_code) WHERE is_deleted = 0;

ALTER TABLE blade_sms ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_sms
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
