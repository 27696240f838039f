-- The audit log is append-only against every statement (issue 34). TRUNCATE empties a table
-- without deleting its rows one by one, so 0012's row-level trigger never fires for it: a
-- statement-level trigger refuses it with the same words ('audit_log is append-only: TRUNCATE
-- refused'), also when another table's TRUNCATE ... CASCADE would reach the log.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
