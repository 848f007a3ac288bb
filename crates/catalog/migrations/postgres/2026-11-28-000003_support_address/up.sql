-- The footer pages name the support address through the `supportEmail`
-- setting (filled in when a page is served), not the shipped example one.
UPDATE pages SET body = REPLACE(body, 'support@keyshop.example', '{{supportEmail}}');
