UPDATE pages SET body = REPLACE(body, '{{supportEmail}}', 'support@keyshop.example');
