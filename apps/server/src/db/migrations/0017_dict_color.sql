-- Dictionary items carry an optional tag colour (an antd preset: blue, green, red, ... or a #rrggbb),
-- which status columns show (DictTag). The seed fills it for the status dictionaries where it is unset.
ALTER TABLE blade_dict ADD COLUMN IF NOT EXISTS color varchar(32);
ALTER TABLE blade_dict_biz ADD COLUMN IF NOT EXISTS color varchar(32);
