DROP TABLE settings;
DROP TABLE currencies;
DROP TABLE languages;
