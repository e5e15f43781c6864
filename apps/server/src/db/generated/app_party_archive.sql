-- Generated from the resource definition "partyArchive" (党员档案) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_archive (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  name varchar(32) NOT NULL, -- 姓名
  name_bo varchar(64), -- 姓名(藏文)
  sex int NOT NULL, -- 性别
  nation varchar(2) NOT NULL, -- 民族
  birthday date NOT NULL, -- 出生日期
  id_card varchar(18) NOT NULL, -- 身份证号
  phone varchar(32) NOT NULL, -- 手机号码
  party_dept_id bigint NOT NULL, -- 所在党支部
  member_type int NOT NULL, -- 党员类型
  join_date date NOT NULL, -- 入党日期
  regular_date date, -- 转正日期
  education varchar(2), -- 学历
  introducer varchar(64), -- 入党介绍人
  party_post int, -- 党内职务
  org_relation_status int NOT NULL DEFAULT 0, -- 组织状态
  flow_direction varchar(200), -- 流出去向
  work_unit varchar(100), -- 工作单位
  work_post varchar(64), -- 职务
  is_in_service int DEFAULT 0, -- 在职党员
  dues_standard numeric(10,2), -- 党费标准(元/月)
  dues_paid_to varchar(7), -- 党费交至
  proof_images varchar(2000), -- 证明材料
  photo varchar(500), -- 照片
  member_status int NOT NULL DEFAULT 1, -- 党员状态
  status_reason varchar(200), -- 停用/启用原因
  apply_source int NOT NULL DEFAULT 0, -- 来源
  score_balance int DEFAULT 0, -- 党员积分
  app_user_id bigint, -- App账号
  household_id bigint, -- 住户记录
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

CREATE INDEX IF NOT EXISTS app_party_archive_list_idx ON app_party_archive (tenant_id, join_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_archive_sex_idx ON app_party_archive (tenant_id, sex, join_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_archive_party_dept_id_idx ON app_party_archive (tenant_id, party_dept_id, join_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_archive_member_type_idx ON app_party_archive (tenant_id, member_type, join_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_archive_org_relation_status_idx ON app_party_archive (tenant_id, org_relation_status, join_date DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_archive_member_status_idx ON app_party_archive (tenant_id, member_status, join_date DESC, id DESC) WHERE is_deleted = 0;
CREATE UNIQUE INDEX IF NOT EXISTS app_party_archive_id_card_uq ON app_party_archive (tenant_id, id_card) WHERE is_deleted = 0;

ALTER TABLE app_party_archive ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_archive
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
