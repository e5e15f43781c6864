-- 便民电话 and 党员值班 are now generated from their definitions (apps/server/src/engine/schema, the SQL in
-- apps/server/src/db/generated/). migrate() runs this file first, then creates what their definitions
-- add. 0012's app_party_duty_list_idx and app_party_duty_status_idx have the generated shapes and stay
-- (an index of the same shape counts, whatever its name). 0006's (tenant_id, sort) index on
-- app_contact_phone is replaced by the generated list index (tenant_id, sort, id DESC) on live rows.
DROP INDEX IF EXISTS app_contact_phone_tenant_idx;
