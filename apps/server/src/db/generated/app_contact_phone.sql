-- Generated from the resource definition "contactPhone" (便民电话) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_contact_phone (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  org_name varchar(100) NOT NULL, -- 机构名称
  org_name_bo varchar(100), -- 机构名称(藏文)
  phone_type int NOT NULL, -- 分类
  contact_name varchar(32), -- 联系人
  phone varchar(32) NOT NULL, -- 电话
  phone2 varchar(32), -- 备用电话
  address varchar(200), -- 地址
  service_time varchar(100), -- 服务时间
  sort int NOT NULL DEFAULT 1, -- 排序
  enable_status int NOT NULL DEFAULT 1, -- 启用
  community_id bigint, -- 所属社区
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_contact_phone_list_idx ON app_contact_phone (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_contact_phone_phone_type_idx ON app_contact_phone (tenant_id, phone_type, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_contact_phone_enable_status_idx ON app_contact_phone (tenant_id, enable_status, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_contact_phone_org_name_idx ON app_contact_phone (tenant_id, org_name) WHERE is_deleted = 0;

ALTER TABLE app_contact_phone ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_contact_phone
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
