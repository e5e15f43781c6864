-- Generated from the resource definition "shareFacility" (设施管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_share_facility (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  facility_no varchar(32) NOT NULL, -- 编号
  facility_name varchar(50) NOT NULL, -- 名称
  facility_name_bo varchar(100), -- 名称(藏文)
  facility_type int NOT NULL, -- 类别
  community_id bigint NOT NULL, -- 所属社区
  images varchar(2000), -- 图片
  description varchar(1000), -- 使用须知
  storage_address varchar(200) NOT NULL, -- 存放地点
  total_qty int NOT NULL DEFAULT 5, -- 总数
  available_qty int NOT NULL DEFAULT 0, -- 可借数
  max_borrow_days int NOT NULL, -- 最长借用天数
  deposit numeric(8,2), -- 押金(元)
  need_audit int NOT NULL DEFAULT 1, -- 借用需审核
  contact_name varchar(32), -- 管理员
  contact_phone varchar(32), -- 管理员电话
  facility_status int NOT NULL DEFAULT 0, -- 状态
  borrow_count int NOT NULL DEFAULT 0, -- 累计借用
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_share_facility_list_idx ON app_share_facility (tenant_id, facility_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_share_facility_facility_type_idx ON app_share_facility (tenant_id, facility_type, facility_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_share_facility_community_id_idx ON app_share_facility (tenant_id, community_id, facility_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_share_facility_facility_status_idx ON app_share_facility (tenant_id, facility_status, facility_no, id DESC) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS app_share_facility_facility_no_uq ON app_share_facility (tenant_id, facility_no) WHERE is_deleted = 0;

ALTER TABLE app_share_facility ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_share_facility
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
