//! The operating system, device and browser of a visitor (a login, a key
//! reveal), from the user agent: woothee, a maintained parser shared by many languages.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    pub os: String,
    pub device: String,
    pub browser: String,
}

const UNKNOWN: &str = "Unknown";

fn known(value: &str) -> Option<&str> {
    (!value.is_empty() && value != "UNKNOWN").then_some(value)
}

/// "Windows 10", "Desktop"/"Phone"/"Tablet"…, "Chrome 120.0". Unknown parts say so.
pub fn parse(user_agent: &str) -> Client {
    let Some(result) = woothee::parser::Parser::new().parse(user_agent) else {
        return Client { os: UNKNOWN.to_owned(), device: UNKNOWN.to_owned(), browser: UNKNOWN.to_owned() };
    };
    let os = match (known(result.os), known(&result.os_version)) {
        (Some(os), Some(version)) if !os.contains(version) => format!("{os} {version}"),
        (Some(os), _) => os.to_owned(),
        (None, _) => UNKNOWN.to_owned(),
    };
    let device = match result.category {
        "pc" => "Desktop",
        "smartphone" => "Phone",
        "mobilephone" => "Mobile phone",
        "appliance" => "Appliance",
        "crawler" => "Crawler",
        _ => UNKNOWN,
    };
    let device = if device == "Phone" && (user_agent.contains("iPad") || user_agent.contains("Tablet")) {
        "Tablet"
    } else {
        device
    };
    let browser = match (known(result.name), known(result.version)) {
        (Some(name), Some(version)) => format!("{name} {version}"),
        (Some(name), None) => name.to_owned(),
        (None, _) => UNKNOWN.to_owned(),
    };
    Client { os, device: device.to_owned(), browser }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn desktop_and_phone_browsers() {
        let chrome = parse(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
        );
        assert_eq!(chrome.device, "Desktop");
        assert!(chrome.os.starts_with("Windows"), "{chrome:?}");
        assert!(chrome.browser.starts_with("Chrome 120"), "{chrome:?}");
        let iphone = parse(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
        );
        assert_eq!(iphone.device, "Phone");
        assert!(iphone.os.starts_with("iPhone") || iphone.os.starts_with("iOS"), "{iphone:?}");
        assert!(iphone.browser.starts_with("Safari"), "{iphone:?}");
    }

    #[test]
    fn garbage_is_unknown() {
        let client = parse("");
        assert_eq!((client.os.as_str(), client.device.as_str()), ("Unknown", "Unknown"));
    }
}
