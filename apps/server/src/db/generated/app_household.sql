-- Generated from the resource definition "household" (住户信息) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_household (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  community_id bigint NOT NULL, -- 所属社区
  mesh_id bigint, -- 所属网格
  building_name varchar(32) NOT NULL, -- 楼栋
  unit_name varchar(16), -- 单元
  room_no varchar(16) NOT NULL, -- 门牌号
  house_address varchar(200), -- 完整地址
  family_no varchar(32), -- 户号
  name varchar(32) NOT NULL, -- 姓名
  name_bo varchar(64), -- 藏文姓名
  sex int NOT NULL, -- 性别
  nation varchar(4) NOT NULL DEFAULT '04', -- 民族
  birthday date, -- 出生日期
  id_card_type int NOT NULL DEFAULT 1, -- 证件类型
  id_card varchar(18) NOT NULL, -- 证件号
  phone varchar(32), -- 手机号
  household_type int NOT NULL, -- 住户类型
  relation_to_head int, -- 与户主关系
  resident_category int NOT NULL DEFAULT 1, -- 人口类别
  political_status varchar(2), -- 政治面貌
  education varchar(2), -- 文化程度
  marital_status int, -- 婚姻状况
  religion int, -- 宗教信仰
  work_unit varchar(100), -- 工作单位
  occupation varchar(50), -- 职业
  tags varchar(200), -- 人员标签
  photo varchar(500), -- 照片
  move_in_date date, -- 入住日期
  move_out_date date, -- 迁出日期
  source int NOT NULL DEFAULT 1, -- 来源
  live_status int NOT NULL DEFAULT 1, -- 居住状态
  app_user_id bigint, -- 绑定账号
  remark varchar(500), -- 备注
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_household_list_idx ON app_household (tenant_id, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_community_id_idx ON app_household (tenant_id, community_id, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_building_name_idx ON app_household (tenant_id, building_name, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_family_no_idx ON app_household (tenant_id, family_no, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_id_card_idx ON app_household (tenant_id, id_card, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_phone_idx ON app_household (tenant_id, phone, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_household_type_idx ON app_household (tenant_id, household_type, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_resident_category_idx ON app_household (tenant_id, resident_category, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_live_status_idx ON app_household (tenant_id, live_status, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_app_user_id_idx ON app_household (tenant_id, app_user_id, building_name, room_no, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_household_room_no_idx ON app_household (tenant_id, room_no) WHERE is_deleted = 0;

ALTER TABLE app_household ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_household
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
