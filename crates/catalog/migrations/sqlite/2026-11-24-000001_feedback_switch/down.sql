DELETE FROM settings WHERE key = 'feedbackEnabled';
