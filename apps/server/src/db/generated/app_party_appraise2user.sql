-- Generated from the resource definition "partyAppraiseUser" (党员自评) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_appraise2user (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  appraise_id bigint NOT NULL, -- 评议
  party_archive_id bigint NOT NULL, -- 党员
  member_name varchar(32) NOT NULL, -- 党员姓名
  self_level int, -- 自评等次
  self_time timestamp(0), -- 自评时间
  self_content varchar(5000), -- 自评内容
  mutual_score numeric(5,2), -- 测评得分
  final_level int, -- 评定等次
  review_comment varchar(1000), -- 评定意见
  user_status int NOT NULL DEFAULT 0, -- 状态
  review_time timestamp(0), -- 评定时间
  review_user_id bigint, -- 评定人
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

CREATE INDEX IF NOT EXISTS app_party_appraise2user_list_idx ON app_party_appraise2user (tenant_id, self_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise2user_appraise_id_idx ON app_party_appraise2user (tenant_id, appraise_id, self_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise2user_party_archive_id_idx ON app_party_appraise2user (tenant_id, party_archive_id, self_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise2user_self_level_idx ON app_party_appraise2user (tenant_id, self_level, self_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise2user_final_level_idx ON app_party_appraise2user (tenant_id, final_level, self_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_appraise2user_user_status_idx ON app_party_appraise2user (tenant_id, user_status, self_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_party_appraise2user ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_appraise2user
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
