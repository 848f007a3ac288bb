DROP INDEX provider_events_session;
