CREATE TABLE languages (
    code TEXT PRIMARY KEY NOT NULL,
    native_name TEXT NOT NULL,
    direction TEXT NOT NULL,
    position INTEGER NOT NULL,
    enabled BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE currencies (
    code TEXT PRIMARY KEY NOT NULL,
    symbol TEXT NOT NULL,
    name TEXT NOT NULL,
    -- units of this currency per 1 USD, in millionths
    rate_micros BIGINT NOT NULL CHECK (rate_micros > 0),
    position INTEGER NOT NULL,
    enabled BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at BIGINT NOT NULL
);

CREATE TABLE settings (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL,
    -- public settings are readable by anyone through configKey
    public BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at BIGINT NOT NULL
);

INSERT INTO languages (code, native_name, direction, position) VALUES
    ('ar', 'العربية', 'rtl', 0),
    ('cz', 'Čeština', 'ltr', 1),
    ('de', 'Deutsch', 'ltr', 2),
    ('en-US', 'English', 'ltr', 3),
    ('es', 'Español', 'ltr', 4),
    ('fr', 'Français', 'ltr', 5),
    ('hu', 'Magyar', 'ltr', 6),
    ('it', 'Italiano', 'ltr', 7),
    ('ja', '日本語', 'ltr', 8),
    ('ko', '한국어', 'ltr', 9),
    ('nl', 'Nederlands', 'ltr', 10),
    ('pl', 'Polski', 'ltr', 11),
    ('pt', 'Português', 'ltr', 12),
    ('ro', 'Română', 'ltr', 13),
    ('ru', 'Русский', 'ltr', 14),
    ('tr', 'Türkçe', 'ltr', 15),
    ('zh-CN', '简体中文', 'ltr', 16),
    ('zh-TW', '繁體中文', 'ltr', 17);

INSERT INTO currencies (code, symbol, name, rate_micros, position, updated_at) VALUES
    ('USD', '$', 'US Dollar', 1000000, 0, 0),
    ('EUR', '€', 'Euro', 920000, 1, 0),
    ('GBP', '£', 'British Pound', 790000, 2, 0),
    ('JPY', '¥', 'Japanese Yen', 151200000, 3, 0),
    ('CNY', 'CN¥', 'Chinese Yuan', 7240000, 4, 0),
    ('KRW', '₩', 'South Korean Won', 1385000000, 5, 0),
    ('RUB', '₽', 'Russian Ruble', 92500000, 6, 0),
    ('BRL', 'R$', 'Brazilian Real', 5450000, 7, 0),
    ('PLN', 'zł', 'Polish Złoty', 3980000, 8, 0),
    ('TRY', '₺', 'Turkish Lira', 34200000, 9, 0),
    ('CZK', 'Kč', 'Czech Koruna', 23100000, 10, 0),
    ('HUF', 'Ft', 'Hungarian Forint', 362000000, 11, 0),
    ('RON', 'lei', 'Romanian Leu', 4580000, 12, 0),
    ('AUD', 'A$', 'Australian Dollar', 1520000, 13, 0),
    ('CAD', 'C$', 'Canadian Dollar', 1370000, 14, 0),
    ('CHF', 'CHF', 'Swiss Franc', 880000, 15, 0);

INSERT INTO settings (key, value, public, updated_at) VALUES
    ('siteName', 'keyshop', TRUE, 0),
    ('siteTitle', 'keyshop — instant game and software keys', TRUE, 0),
    ('siteKeywords', 'game keys, cd keys, steam keys, xbox, playstation, nintendo, software keys, gift cards', TRUE, 0),
    ('siteDescription', 'Buy game and software keys at fair prices and get them by e-mail within seconds. Steam, Epic, Xbox, PlayStation, Nintendo and more, with 24/7 support.', TRUE, 0),
    ('supportEmail', 'support@keyshop.example', TRUE, 0),
    ('commentEnabled', 'true', TRUE, 0),
    ('homeFromPriceUsd', '499', TRUE, 0);
