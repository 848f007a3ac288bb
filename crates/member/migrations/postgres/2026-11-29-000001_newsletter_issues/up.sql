-- Newsletter issues written in the console: a subject and a Markdown body per
-- language, sent once to the subscribers confirmed when sending starts.
-- Each recipient is a delivery row, claimed before its e-mail is handed to
-- the mailer and marked after: a restart resumes with the ones still
-- pending and never sends a claimed one again (never two copies).
CREATE TABLE newsletter_issues (
    id BIGSERIAL PRIMARY KEY,
    -- draft, sending or sent
    status TEXT NOT NULL DEFAULT 'draft',
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT,
    version BIGINT NOT NULL DEFAULT 1
);

CREATE TABLE newsletter_issue_texts (
    issue_id BIGINT NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (issue_id, language)
);

CREATE TABLE newsletter_deliveries (
    issue_id BIGINT NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
    subscription_id BIGINT NOT NULL REFERENCES newsletter_subscriptions (id) ON DELETE CASCADE,
    -- pending, sending (claimed), sent, failed, skipped (unsubscribed since)
    -- or unknown (claimed by a sender that stopped: maybe sent, never again)
    state TEXT NOT NULL DEFAULT 'pending',
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (issue_id, subscription_id)
);

CREATE INDEX newsletter_deliveries_state ON newsletter_deliveries (state, issue_id);
