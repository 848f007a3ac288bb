DROP TABLE newsletter_deliveries;
DROP TABLE newsletter_issue_texts;
DROP TABLE newsletter_issues;
