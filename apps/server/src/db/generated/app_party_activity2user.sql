-- Generated from the resource definition "partyActivityUser" (活动报名) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_party_activity2user (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  activity_id bigint NOT NULL, -- 活动
  party_archive_id bigint, -- 党员
  member_name varchar(32), -- 报名人
  phone varchar(32), -- 联系电话
  enroll_time timestamp(0), -- 报名时间
  enroll_status int NOT NULL DEFAULT 1, -- 报名状态
  sign_status int NOT NULL DEFAULT 0, -- 签到状态
  sign_time timestamp(0), -- 签到时间
  audit_remark varchar(500), -- 驳回理由
  cancel_reason varchar(200), -- 取消原因
  app_user_id bigint, -- 报名账号
  score_granted int NOT NULL DEFAULT 0, -- 积分已发放
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_party_activity2user_list_idx ON app_party_activity2user (tenant_id, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_activity2user_activity_id_idx ON app_party_activity2user (tenant_id, activity_id, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_activity2user_party_archive_id_idx ON app_party_activity2user (tenant_id, party_archive_id, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_activity2user_enroll_status_idx ON app_party_activity2user (tenant_id, enroll_status, enroll_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_party_activity2user_sign_status_idx ON app_party_activity2user (tenant_id, sign_status, enroll_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_party_activity2user ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_party_activity2user
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
