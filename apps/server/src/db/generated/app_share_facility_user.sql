-- Generated from the resource definition "shareFacilityUser" (借用记录) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_share_facility_user (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  facility_id bigint NOT NULL, -- 设施
  app_user_id bigint NOT NULL, -- 借用人
  name varchar(32), -- 姓名
  phone varchar(32), -- 电话
  address varchar(200), -- 住址
  quantity int NOT NULL DEFAULT 1, -- 数量
  purpose varchar(200), -- 借用说明
  apply_time timestamp(0), -- 申请时间
  plan_borrow_time timestamp(0) NOT NULL, -- 预计借出
  plan_return_time timestamp(0) NOT NULL, -- 预计归还
  actual_borrow_time timestamp(0), -- 实际借出
  actual_return_time timestamp(0), -- 实际归还
  borrow_status int NOT NULL DEFAULT 0, -- 借用状态
  return_condition int, -- 归还情况
  return_remark varchar(200), -- 归还说明
  compensate_way int, -- 赔偿方式
  qr_code varchar(500), -- 借用凭证
  process_definition_id bigint, -- approval group
  process_instance_id bigint, -- approval group
  audit_status int, -- approval group
  audit_user bigint, -- approval group
  audit_time timestamp(0), -- approval group
  audit_remark varchar(500), -- approval group
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_share_facility_user_list_idx ON app_share_facility_user (tenant_id, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_share_facility_user_facility_id_idx ON app_share_facility_user (tenant_id, facility_id, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_share_facility_user_app_user_id_idx ON app_share_facility_user (tenant_id, app_user_id, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_share_facility_user_borrow_status_idx ON app_share_facility_user (tenant_id, borrow_status, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_share_facility_user_plan_return_time_idx ON app_share_facility_user (tenant_id, plan_return_time) WHERE is_deleted = 0;

ALTER TABLE app_share_facility_user ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_share_facility_user
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
