DROP INDEX processed_events_age;
