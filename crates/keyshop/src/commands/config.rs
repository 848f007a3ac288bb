use keyshop_core::config::Config;

/// `keyshop config`: every setting with its effective value, secrets masked.
pub fn print(config: &Config) {
    let width = config.describe().iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    for (key, value) in config.describe() {
        println!("{key:<width$} = {value}");
    }
}
