-- Regions get a surrogate bigint id like every other resource; the administrative code stays unique and
-- is what parent_code points at.
ALTER TABLE blade_region DROP CONSTRAINT blade_region_pkey;
ALTER TABLE blade_region ADD COLUMN id bigint NOT NULL PRIMARY KEY;
CREATE UNIQUE INDEX blade_region_code_uq ON blade_region (code);
CREATE INDEX blade_region_parent_idx ON blade_region (parent_code);
