//! The e-mails a `file://` mailer (the embedded store's outbox) wrote.

/// The complete e-mails a `file://` mailer wrote to `dir`, as text with
/// quoted-printable undone, oldest first.
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
        .map(|raw| decode_quoted_printable(&raw))
        .collect()
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
