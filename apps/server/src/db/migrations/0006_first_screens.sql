-- The first party and community screens: 便民电话 (docs/domain-model.md#便民电话-contactphone) and 党员值班
-- (docs/domain-model.md#党员值班-partyduty).
CREATE TABLE app_contact_phone (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  community_id bigint,
  phone_type int NOT NULL,
  org_name varchar(100) NOT NULL,
  org_name_bo varchar(100),
  contact_name varchar(32),
  phone varchar(32) NOT NULL,
  phone2 varchar(32),
  address varchar(200),
  service_time varchar(100),
  sort int NOT NULL DEFAULT 1,
  enable_status int NOT NULL DEFAULT 1,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX app_contact_phone_tenant_idx ON app_contact_phone (tenant_id, sort);

CREATE TABLE app_party_duty (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  community_id bigint,
  party_dept_id bigint,
  duty_post int,
  duty_place varchar(200) NOT NULL,
  duty_date date NOT NULL,
  shift int,
  start_time timestamp(0),
  end_time timestamp(0),
  party_archive_id bigint,
  member_name varchar(32) NOT NULL,
  phone varchar(32),
  claim_type int NOT NULL DEFAULT 1,
  sign_in_time timestamp(0),
  sign_out_time timestamp(0),
  duty_content varchar(2000),
  reception_num int,
  duty_status int NOT NULL DEFAULT 0,
  service_hours numeric(4,1),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int NOT NULL DEFAULT 1,
  is_deleted int NOT NULL DEFAULT 0
);
CREATE INDEX app_party_duty_tenant_idx ON app_party_duty (tenant_id, duty_date);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['app_contact_phone','app_party_duty']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))
      WITH CHECK (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))$p$, t);
  END LOOP;
END $$;
