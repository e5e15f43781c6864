-- Generated from the resource definition "questionnaireOption" (问卷选项) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_questionnaire_option (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  question_id bigint NOT NULL, -- 题目
  questionnaire_id bigint, -- 问卷
  option_label varchar(4) NOT NULL, -- 选项
  content varchar(200) NOT NULL, -- 选项内容
  content_bo varchar(200), -- 选项内容(藏文)
  allow_input int NOT NULL DEFAULT 0, -- 可填写
  sort int NOT NULL DEFAULT 1, -- 排序
  select_num int NOT NULL DEFAULT 0, -- 被选次数
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_questionnaire_option_list_idx ON app_questionnaire_option (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_option_question_id_idx ON app_questionnaire_option (tenant_id, question_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_option_questionnaire_id_idx ON app_questionnaire_option (tenant_id, questionnaire_id, sort, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_questionnaire_option ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_questionnaire_option
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
