// The taxpayer questionnaire's tables (issue "Documents", item 7); migration drizzle/0006_questionnaire.sql.
export {};
