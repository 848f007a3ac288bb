-- The feedback form's switch (spec: the comment switch of feedback messages).
INSERT INTO settings (key, value, public, updated_at) VALUES ('feedbackEnabled', 'true', TRUE, 0)
    ON CONFLICT (key) DO NOTHING;
