-- Generated from the resource definition "partyDept" (党组织管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_dept (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  dept_name varchar(100) NOT NULL, -- 党组织名称
  parent_id bigint DEFAULT 0, -- 上级党组织
  org_type int NOT NULL, -- 组织类型
  member_count int NOT NULL DEFAULT 0, -- 党员数
  dept_name_bo varchar(200), -- 名称(藏文)
  org_short_name varchar(50), -- 简称
  org_code varchar(32), -- 组织编码
  unit_type int, -- 单位类别
  unit_name varchar(100), -- 所在单位
  secretary_name varchar(32), -- 书记
  contact_phone varchar(32), -- 联系电话
  address varchar(200), -- 地址
  found_date date, -- 成立日期
  sort int NOT NULL DEFAULT 1, -- 排序
  org_status int NOT NULL DEFAULT 0, -- 状态
  introduction varchar(2000), -- 简介
  ancestors varchar(2000), -- 祖级列表
  community_id bigint, -- 关联社区
  secretary_id bigint, -- 书记账号
  logo varchar(500), -- logo
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_party_dept_list_idx ON app_party_dept (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_dept_org_type_idx ON app_party_dept (tenant_id, org_type, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_dept_org_status_idx ON app_party_dept (tenant_id, org_status, sort, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_party_dept ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_dept
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
