-- Generated from the resource definition "questionnaireUser" (答卷记录) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_questionnaire_user (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  questionnaire_id bigint NOT NULL, -- 问卷
  app_user_id bigint NOT NULL, -- 答题人账号
  name varchar(32), -- 答题人
  phone varchar(20), -- 电话
  community_id bigint, -- 所属社区
  answer_status int NOT NULL DEFAULT 0, -- 作答状态
  submit_time timestamp(0), -- 提交时间
  duration_seconds int, -- 用时(秒)
  score_granted int NOT NULL DEFAULT 0, -- 已发积分
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_questionnaire_user_list_idx ON app_questionnaire_user (tenant_id, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_user_questionnaire_id_idx ON app_questionnaire_user (tenant_id, questionnaire_id, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_user_app_user_id_idx ON app_questionnaire_user (tenant_id, app_user_id, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_user_community_id_idx ON app_questionnaire_user (tenant_id, community_id, submit_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_user_answer_status_idx ON app_questionnaire_user (tenant_id, answer_status, submit_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_questionnaire_user ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_questionnaire_user
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
