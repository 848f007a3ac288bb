-- The revoked tokens cannot come back: nothing to undo.
SELECT 1;
