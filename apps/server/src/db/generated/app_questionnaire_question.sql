-- Generated from the resource definition "questionnaireQuestion" (问卷题目) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_questionnaire_question (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  questionnaire_id bigint NOT NULL, -- 问卷
  sort int NOT NULL DEFAULT 1, -- 题号
  question_type int NOT NULL DEFAULT 1, -- 题型
  title varchar(500) NOT NULL, -- 题干
  title_bo varchar(500), -- 题干(藏文)
  is_required int NOT NULL DEFAULT 1, -- 必答
  max_select int, -- 最多选几项
  score_max int DEFAULT 5, -- 满分
  answer_num int NOT NULL DEFAULT 0, -- 作答人数
  score_nums varchar(120), -- 各分值人数
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_questionnaire_question_list_idx ON app_questionnaire_question (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_question_questionnaire_id_idx ON app_questionnaire_question (tenant_id, questionnaire_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_question_question_type_idx ON app_questionnaire_question (tenant_id, question_type, sort, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_questionnaire_question ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_questionnaire_question
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
