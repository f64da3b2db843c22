// Tax drafts and e-signatures (issue "Documents", items 8 and 9); migration drizzle/0007_drafts_signing.sql.
export {};
