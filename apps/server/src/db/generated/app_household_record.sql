-- Generated from the resource definition "householdRecord" (住户变更记录) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_household_record (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  app_user_id bigint NOT NULL, -- 申请人账号
  household_id bigint, -- 关联住户
  apply_type int NOT NULL, -- 申请类型
  community_id bigint NOT NULL, -- 所属社区
  building_name varchar(32) NOT NULL, -- 楼栋
  unit_name varchar(16), -- 单元
  room_no varchar(16) NOT NULL, -- 门牌号
  household_type int NOT NULL, -- 申请身份
  name varchar(32) NOT NULL, -- 姓名
  id_card_type int NOT NULL DEFAULT 1, -- 证件类型
  id_card varchar(18) NOT NULL, -- 证件号
  phone varchar(32), -- 手机号
  proof_images varchar(2000), -- 证明材料
  change_content text, -- 变更内容
  apply_time timestamp(0), -- 申请时间
  apply_source int NOT NULL DEFAULT 1, -- 申请来源
  audit_status int NOT NULL DEFAULT 0, -- 审核状态
  audit_user bigint, -- 审核人
  audit_time timestamp(0), -- 审核时间
  audit_remark varchar(500), -- 审核意见
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_household_record_list_idx ON app_household_record (tenant_id, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_record_app_user_id_idx ON app_household_record (tenant_id, app_user_id, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_record_household_id_idx ON app_household_record (tenant_id, household_id, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_record_apply_type_idx ON app_household_record (tenant_id, apply_type, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_record_community_id_idx ON app_household_record (tenant_id, community_id, apply_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_record_audit_status_idx ON app_household_record (tenant_id, audit_status, apply_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_household_record ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_household_record
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
