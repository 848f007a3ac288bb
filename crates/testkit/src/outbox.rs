//! The e-mails a `file://` mailer (the embedded store's outbox) wrote.

/// The complete e-mails a `file://` mailer wrote to `dir`, as text with
/// quoted-printable and base64 bodies undone (a part in Japanese is base64),
/// oldest first.
pub fn outbox_mails(dir: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<_> = entries.filter_map(Result::ok).map(|entry| entry.path()).collect();
    files.sort_by_key(|path| std::fs::metadata(path).and_then(|meta| meta.modified()).ok());
    files
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
        .filter_map(|path| std::fs::read_to_string(path).ok())
        // A file still being written is left for the next look: every
        // message is multipart, complete once its closing boundary is there.
        .filter(|raw| raw.trim_end().ends_with("--"))
        .map(|raw| decode_base64_parts(&decode_quoted_printable(&raw)))
        .collect()
}

/// Each base64 body of a multipart mail replaced by its text.
fn decode_base64_parts(raw: &str) -> String {
    use base64::Engine;
    let mut out = String::with_capacity(raw.len());
    let mut lines = raw.lines().peekable();
    let mut base64_next = false;
    while let Some(line) = lines.next() {
        out.push_str(line);
        out.push('\n');
        if line.to_ascii_lowercase().starts_with("content-transfer-encoding: base64") {
            base64_next = true;
        }
        if base64_next && line.is_empty() {
            base64_next = false;
            let mut encoded = String::new();
            while let Some(body) = lines.peek() {
                if body.starts_with("--") || body.is_empty() {
                    break;
                }
                encoded.push_str(body.trim());
                lines.next();
            }
            match base64::engine::general_purpose::STANDARD.decode(encoded.as_bytes()) {
                Ok(bytes) => out.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => out.push_str(&encoded),
            }
            out.push('\n');
        }
    }
    out
}

/// Soft line breaks and `=XX` escapes of quoted-printable undone.
fn decode_quoted_printable(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'='
            && index + 2 < bytes.len()
            && let Ok(byte) = u8::from_str_radix(&joined[index + 1..index + 3], 16)
        {
            out.push(byte);
            index += 3;
            continue;
        }
        out.push(bytes[index]);
        index += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
