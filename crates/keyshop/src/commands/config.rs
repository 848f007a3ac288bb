use keyshop_core::config::Config;

/// `keyshop config`: every setting with its effective value, secrets masked.
pub fn print(config: &Config) {
    let width = config.describe().iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    for (key, value) in config.describe() {
        println!("{key:<width$} = {value}");
    }
}

/// `keyshop config --json`: every setting the store knows, as declared.
pub fn declared_json() -> Result<String, serde_json::Error> {
    use keyshop_core::config::settings::{DefaultValue, SETTINGS};
    let settings: Vec<serde_json::Value> = SETTINGS
        .iter()
        .map(|setting| {
            let (default, described) = match setting.default {
                DefaultValue::Value(value) => (Some(value), None),
                DefaultValue::Described(how) => (None, Some(how)),
                DefaultValue::Unset => (None, None),
            };
            serde_json::json!({
                "env": setting.env,
                "key": setting.key(),
                "plain": setting.plain(),
                "default": default,
                "defaultDescribed": described,
                "secret": setting.secret,
                "readByConfig": setting.read_by_config,
                "meaning": setting.meaning,
            })
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({ "settings": settings }))
}
