-- Separation of duties: the person a business record asks for when someone else may file it (a profile
-- change's user, a loan's borrower), kept on its process instance beside the one who started it
-- (start_user_id). Neither may decide, claim or return the instance's tasks, nor be given one by a
-- transfer (apps/server/src/flow/service.ts). NULL: the starter is the only applicant (every instance
-- started before this column, and processes without a business record).
ALTER TABLE flow_process_instance ADD COLUMN IF NOT EXISTS applicant_id bigint;
