-- Generated from the resource definition "modelPrototype" (模型原型) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_model_prototype (
  id bigint PRIMARY KEY, -- primary key
  model_id bigint NOT NULL, -- 数据模型
  jdbc_name varchar(64) NOT NULL, -- 物理列名
  jdbc_type varchar(64), -- 物理类型
  comment varchar(255), -- 注释
  property_name varchar(64), -- 属性名
  property_type varchar(64), -- 属性类型
  is_list int DEFAULT 1, -- 列表显示
  is_form int DEFAULT 1, -- 表单显示
  is_query int DEFAULT 0, -- 查询条件
  dict_code varchar(64), -- 字典编号
  sort int, -- 排序
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS blade_model_prototype_list_idx ON blade_model_prototype (sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_model_prototype_model_id_idx ON blade_model_prototype (model_id, sort, id DESC) WHERE is_deleted = 0;
