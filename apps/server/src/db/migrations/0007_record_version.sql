-- Optimistic locking for every updatable record (issue 4: "a record changed since it was read is refused
-- with a clear message instead of silently overwritten"). `version` starts at 1 and grows by one on every
-- change; an update that names an older version is refused with 409. update_time (seconds, and absent on
-- dept, role, dict, region and menu) cannot tell two changes within one second apart, a counter can.
-- PostgreSQL 15 and PGlite.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['blade_param','blade_tenant','blade_tenant_package','blade_user','blade_role',
    'blade_dept','blade_post','blade_top_menu','blade_dict','blade_dict_biz','blade_region','blade_client',
    'blade_scope_data','blade_scope_api','blade_menu','app_contact_phone','app_party_duty']
  LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS version int NOT NULL DEFAULT 1', t);
  END LOOP;
END $$;
