-- Reserved slot, hand-written (see platform/db/schema). Replace this statement.
SELECT 1;
