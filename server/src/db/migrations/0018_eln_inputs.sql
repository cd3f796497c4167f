-- The ELN 2022 inputs a patient has (CONTRACT §13's coordinator's view), one bit each: derived in
-- TypeScript as each patient is written (shared elnInputsPresent), so that counting them reads no
-- genetics. The server fills it for every patient as it starts (its projection's digest changed).
ALTER TABLE "patient_list" ADD COLUMN "eln_inputs" smallint DEFAULT 0 NOT NULL;
