-- Generated from the resource definition "questionnaireAnswer" (答题明细) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_questionnaire_answer (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  questionnaire_user_id bigint NOT NULL, -- 答卷
  questionnaire_id bigint NOT NULL, -- 问卷
  question_id bigint NOT NULL, -- 题目
  app_user_id bigint NOT NULL, -- 答题人
  option_ids varchar(200), -- 所选选项
  answer_text varchar(2000), -- 填写内容
  answer_score int, -- 评分
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_questionnaire_answer_list_idx ON app_questionnaire_answer (tenant_id, question_id, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_answer_questionnaire_user_id_idx ON app_questionnaire_answer (tenant_id, questionnaire_user_id, question_id, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_answer_questionnaire_id_idx ON app_questionnaire_answer (tenant_id, questionnaire_id, question_id, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_answer_question_id_idx ON app_questionnaire_answer (tenant_id, question_id, question_id, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_answer_app_user_id_idx ON app_questionnaire_answer (tenant_id, app_user_id, question_id, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_questionnaire_answer ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_questionnaire_answer
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
