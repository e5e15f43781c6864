-- Core platform schema. Runs unchanged on PostgreSQL 15 and on PGlite.
-- Tenant tables carry tenant_id and a row-level security policy bound to the per-transaction setting
-- app.tenant_id; requests run as the plain role tongxin_app so the policy always applies.

DO $$ BEGIN
  CREATE ROLE tongxin_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

CREATE TABLE blade_tenant (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  tenant_name varchar(50) NOT NULL,
  domain varchar(255),
  background_url varchar(1000),
  linkman varchar(20),
  contact_number varchar(20),
  address varchar(255),
  account_number int NOT NULL DEFAULT -1,
  expire_time timestamp(0),
  package_id bigint,
  datasource_id bigint,
  license_key varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_tenant_code_uq ON blade_tenant (tenant_id) WHERE is_deleted = 0;

CREATE TABLE blade_tenant_package (
  id bigint PRIMARY KEY,
  package_name varchar(50) NOT NULL,
  menu_id text,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);

CREATE TABLE blade_client (
  id bigint PRIMARY KEY,
  client_id varchar(48) NOT NULL,
  client_secret varchar(256) NOT NULL,
  resource_ids varchar(256),
  scope varchar(256) NOT NULL DEFAULT 'all',
  authorized_grant_types varchar(256) NOT NULL,
  web_server_redirect_uri varchar(256),
  authorities varchar(256),
  access_token_validity int NOT NULL DEFAULT 3600,
  refresh_token_validity int NOT NULL DEFAULT 604800,
  additional_information varchar(4096),
  autoapprove varchar(256),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_client_id_uq ON blade_client (client_id) WHERE is_deleted = 0;

CREATE TABLE blade_menu (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255) NOT NULL,
  name varchar(255) NOT NULL,
  name_en varchar(255),
  alias varchar(255),
  path varchar(255),
  source varchar(255),
  sort int NOT NULL DEFAULT 0,
  category int NOT NULL DEFAULT 1,
  action int NOT NULL DEFAULT 0,
  is_open int NOT NULL DEFAULT 1,
  remote varchar(64),
  remote_entry varchar(1000),
  query varchar(1000),
  meta jsonb,
  remark varchar(255),
  is_deleted int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_menu_code_uq ON blade_menu (code) WHERE is_deleted = 0;
CREATE INDEX blade_menu_parent_idx ON blade_menu (parent_id);

CREATE TABLE blade_dict (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255) NOT NULL,
  dict_key varchar(255) NOT NULL,
  dict_value varchar(255) NOT NULL,
  dict_value_bo varchar(255),
  sort int NOT NULL DEFAULT 0,
  remark varchar(255),
  is_sealed int NOT NULL DEFAULT 0,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX blade_dict_code_idx ON blade_dict (code, parent_id);

CREATE TABLE blade_dict_biz (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255) NOT NULL,
  dict_key varchar(255) NOT NULL,
  dict_value varchar(255) NOT NULL,
  dict_value_bo varchar(255),
  sort int NOT NULL DEFAULT 0,
  remark varchar(255),
  is_sealed int NOT NULL DEFAULT 0,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX blade_dict_biz_code_idx ON blade_dict_biz (tenant_id, code, parent_id);

CREATE TABLE blade_param (
  id bigint PRIMARY KEY,
  param_name varchar(255) NOT NULL,
  param_key varchar(255) NOT NULL,
  param_value varchar(2000) NOT NULL,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_param_key_uq ON blade_param (param_key) WHERE is_deleted = 0;

CREATE TABLE blade_region (
  code varchar(12) PRIMARY KEY,
  parent_code varchar(12),
  ancestors varchar(255),
  name varchar(32),
  province_code varchar(12), province_name varchar(32),
  city_code varchar(12), city_name varchar(32),
  district_code varchar(12), district_name varchar(32),
  town_code varchar(12), town_name varchar(32),
  village_code varchar(12), village_name varchar(32),
  region_level int,
  sort int NOT NULL DEFAULT 0,
  remark varchar(255)
);

CREATE TABLE blade_dept (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  ancestors varchar(2000) NOT NULL DEFAULT '0',
  dept_category int NOT NULL DEFAULT 1,
  dept_name varchar(45) NOT NULL,
  full_name varchar(45),
  sort int NOT NULL DEFAULT 0,
  remark varchar(255),
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX blade_dept_tenant_idx ON blade_dept (tenant_id, parent_id);

CREATE TABLE blade_post (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  category int,
  post_code varchar(12),
  post_name varchar(64) NOT NULL,
  sort int NOT NULL DEFAULT 0,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);

CREATE TABLE blade_role (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  role_name varchar(255) NOT NULL,
  sort int NOT NULL DEFAULT 0,
  role_alias varchar(255) NOT NULL,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX blade_role_tenant_idx ON blade_role (tenant_id);

CREATE TABLE blade_role_menu (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  menu_id bigint NOT NULL,
  role_id bigint NOT NULL
);
CREATE UNIQUE INDEX blade_role_menu_uq ON blade_role_menu (role_id, menu_id);

CREATE TABLE blade_scope_data (
  id bigint PRIMARY KEY,
  menu_id bigint,
  resource_code varchar(255),
  scope_name varchar(255),
  scope_field varchar(255),
  scope_class varchar(500),
  scope_column varchar(255),
  scope_type int,
  scope_value varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);

CREATE TABLE blade_scope_api (
  id bigint PRIMARY KEY,
  menu_id bigint,
  resource_code varchar(255),
  scope_name varchar(255),
  scope_path varchar(255),
  scope_type int,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);

CREATE TABLE blade_role_scope (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  scope_category int NOT NULL,
  scope_id bigint NOT NULL,
  role_id bigint NOT NULL
);

CREATE TABLE blade_top_menu (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  code varchar(255),
  name varchar(255) NOT NULL,
  source varchar(255),
  path varchar(255),
  sort int NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);

CREATE TABLE blade_top_menu_setting (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  top_menu_id bigint NOT NULL,
  menu_id bigint NOT NULL
);

CREATE TABLE blade_user (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  code varchar(12),
  user_type int NOT NULL DEFAULT 1,
  account varchar(45) NOT NULL,
  password varchar(255) NOT NULL,
  name varchar(20),
  real_name varchar(20),
  avatar varchar(2000),
  email varchar(45),
  phone varchar(45),
  birthday timestamp(0),
  sex int,
  role_id varchar(1000),
  dept_id varchar(1000),
  post_id varchar(1000),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_user_account_uq ON blade_user (tenant_id, account) WHERE is_deleted = 0;

CREATE TABLE blade_log_usual (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  service_id varchar(32), server_host varchar(255), server_ip varchar(255), env varchar(255),
  log_level varchar(10), log_id varchar(100), log_data text,
  method varchar(10), request_uri varchar(255), remote_ip varchar(255), method_class varchar(255),
  method_name varchar(255), user_agent varchar(1000), params text,
  create_by varchar(64), create_time timestamp(0)
);

CREATE TABLE blade_log_api (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  service_id varchar(32), server_host varchar(255), server_ip varchar(255), env varchar(255),
  type char(1) DEFAULT '1', title varchar(255),
  method varchar(10), request_uri varchar(255), user_agent varchar(1000), remote_ip varchar(255),
  method_class varchar(255), method_name varchar(255), params text, time varchar(64),
  create_by varchar(64), create_time timestamp(0)
);

CREATE TABLE blade_log_error (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  service_id varchar(32), server_host varchar(255), server_ip varchar(255), env varchar(255),
  method varchar(10), request_uri varchar(1000), user_agent varchar(1000), stack_trace text,
  exception_name varchar(255), message text, line_number int, remote_ip varchar(255),
  method_class varchar(255), file_name varchar(1000), method_name varchar(255), params text,
  create_by varchar(64), create_time timestamp(0)
);

-- Row-level security on every tenant table.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['blade_dict_biz','blade_dept','blade_post','blade_role','blade_role_menu',
    'blade_role_scope','blade_top_menu','blade_top_menu_setting','blade_user','blade_log_usual',
    'blade_log_api','blade_log_error']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))
      WITH CHECK (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))$p$, t);
  END LOOP;
END $$;

GRANT USAGE ON SCHEMA public TO tongxin_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tongxin_app;
