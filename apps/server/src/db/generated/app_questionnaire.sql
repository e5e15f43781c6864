-- Generated from the resource definition "questionnaire" (问卷调查) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_questionnaire (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  title varchar(100) NOT NULL, -- 问卷名称
  title_bo varchar(100), -- 问卷名称(藏文)
  description varchar(1000), -- 说明
  cover varchar(500), -- 封面
  questionnaire_type int NOT NULL, -- 问卷类型
  scope_type int NOT NULL DEFAULT 0, -- 发布范围
  scope_community_ids varchar(2000), -- 指定社区
  scope_user_ids varchar(4000), -- 指定用户
  start_time timestamp(0) NOT NULL, -- 开始时间
  end_time timestamp(0) NOT NULL, -- 结束时间
  is_anonymous int NOT NULL DEFAULT 0, -- 匿名作答
  allow_repeat int NOT NULL DEFAULT 0, -- 允许重复提交
  score int, -- 奖励积分
  questionnaire_status int NOT NULL DEFAULT 0, -- 状态
  question_num int NOT NULL DEFAULT 0, -- 题目数
  answer_num int NOT NULL DEFAULT 0, -- 答卷数
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_questionnaire_list_idx ON app_questionnaire (tenant_id, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_questionnaire_type_idx ON app_questionnaire (tenant_id, questionnaire_type, start_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_questionnaire_questionnaire_status_idx ON app_questionnaire (tenant_id, questionnaire_status, start_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_questionnaire ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_questionnaire
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
