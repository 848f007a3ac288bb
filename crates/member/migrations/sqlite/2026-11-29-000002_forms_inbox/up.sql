-- The forms inbox: each sale, wholesale, affiliate or feedback submission
-- is new, replied or closed (with the version read for every change), and
-- keeps the replies staff e-mailed to its sender.
ALTER TABLE form_submissions ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
ALTER TABLE form_submissions ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE form_submissions ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX form_submissions_status ON form_submissions (status, id);

CREATE TABLE form_replies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    submission_id BIGINT NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
    staff_email TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX form_replies_submission ON form_replies (submission_id, id);
