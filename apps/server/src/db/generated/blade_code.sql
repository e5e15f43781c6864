-- Generated from the resource definition "code" (代码生成) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_code (
  id bigint PRIMARY KEY, -- primary key
  code_name varchar(64) NOT NULL, -- 模块名称
  model_id bigint NOT NULL, -- 数据模型
  service_name varchar(64) NOT NULL, -- 所属领域
  api_path varchar(200) NOT NULL, -- 接口路径
  web_path varchar(200) NOT NULL, -- 菜单路径
  menu_code varchar(64) NOT NULL, -- 菜单编号
  remark varchar(255), -- 备注
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS blade_code_list_idx ON blade_code (create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_code_service_name_idx ON blade_code (service_name, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_code_code_name_idx ON blade_code (code_name) WHERE is_deleted = 0;
