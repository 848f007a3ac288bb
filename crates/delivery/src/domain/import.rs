//! What an import accepts: keys as text, one per line, or CSV rows of key and
//! note. A key is 4 to 200 printable characters without control characters,
//! spaces trimmed at both ends.

pub const MIN_KEY_LEN: usize = 4;
pub const MAX_KEY_LEN: usize = 200;
pub const MAX_NOTE_LEN: usize = 500;
/// Keys one import call may carry.
pub const MAX_KEYS_PER_IMPORT: usize = 100_000;

/// One key of an import, as the operator wrote it (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyLine {
    pub key: String,
    pub note: String,
}

/// Whether `key` (already trimmed) may be stored.
pub fn is_valid_key(key: &str) -> bool {
    let length = key.chars().count();
    (MIN_KEY_LEN..=MAX_KEY_LEN).contains(&length) && !key.chars().any(char::is_control)
}

/// A note is optional free text; control characters and excess are refused.
pub fn is_valid_note(note: &str) -> bool {
    note.chars().count() <= MAX_NOTE_LEN && !note.chars().any(char::is_control)
}

/// The keys of an import file: blank lines and a `key,note` header skipped;
/// with `csv`, each row is `key[,note]` with RFC 4180 quotes, otherwise the
/// whole line is the key. Lines keep their order (invalid ones too, so the
/// report can name their positions).
pub fn parse_file(text: &str, csv: bool) -> Vec<KeyLine> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let (key, note) = if csv { split_csv_row(raw) } else { (raw.trim().to_owned(), String::new()) };
        if key.is_empty() && note.is_empty() {
            continue;
        }
        if index == 0 && csv && key.eq_ignore_ascii_case("key") {
            continue;
        }
        lines.push(KeyLine { key, note });
    }
    lines
}

/// `key[,note]`: the first field is the key, the rest of the row the note.
fn split_csv_row(row: &str) -> (String, String) {
    let fields = csv_fields(row);
    let mut fields = fields.into_iter();
    let key = fields.next().unwrap_or_default();
    let note = fields.collect::<Vec<_>>().join(",");
    (key.trim().to_owned(), note.trim().to_owned())
}

fn csv_fields(row: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = row.chars().peekable();
    while let Some(char) = chars.next() {
        let field = fields.last_mut();
        let Some(field) = field else { break };
        match (char, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            ('"', false) if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (',', false) => fields.push(String::new()),
            (other, _) => field.push(other),
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(key: &str, note: &str) -> KeyLine {
        KeyLine { key: key.to_owned(), note: note.to_owned() }
    }

    #[test]
    fn plain_files_have_one_key_per_line() {
        let parsed = parse_file("\u{feff}AAAA-1111\r\n\n  BBBB-2222  \nCC,DD\n", false);
        assert_eq!(parsed, vec![line("AAAA-1111", ""), line("BBBB-2222", ""), line("CC,DD", "")]);
    }

    #[test]
    fn csv_rows_are_key_and_note_with_quotes() {
        let text = "key,note\nAAAA-1111,from supplier A\n\"BB,BB-2222\",\"says \"\"hi\"\"\"\nCCCC-3333\n,orphan note\n";
        let parsed = parse_file(text, true);
        assert_eq!(
            parsed,
            vec![
                line("AAAA-1111", "from supplier A"),
                line("BB,BB-2222", "says \"hi\""),
                line("CCCC-3333", ""),
                line("", "orphan note"),
            ]
        );
    }

    #[test]
    fn keys_must_be_printable_and_of_a_sane_length() {
        assert!(is_valid_key("ABCD"));
        assert!(is_valid_key("XXXXX-XXXXX-XXXXX-XXXXX-XXXXX"));
        assert!(is_valid_key("ключ-キー-1"));
        assert!(!is_valid_key("ABC"));
        assert!(!is_valid_key(""));
        assert!(!is_valid_key(&"A".repeat(MAX_KEY_LEN + 1)));
        assert!(!is_valid_key("AB\tCD"));
        assert!(!is_valid_key("AB\u{0}CD"));
        assert!(is_valid_note(""));
        assert!(!is_valid_note("a\nb"));
        assert!(!is_valid_note(&"n".repeat(MAX_NOTE_LEN + 1)));
    }
}

/// A key as staff see it in lists: its first and last four characters, the
/// rest hidden (separators kept, so its shape shows); a short key shows only
/// its first character.
pub fn mask(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let shown = if chars.len() >= 12 { 4 } else { 1 };
    chars
        .iter()
        .enumerate()
        .map(
            |(index, char)| {
                if index < shown || index + shown >= chars.len() || !char.is_alphanumeric() { *char } else { '•' }
            },
        )
        .collect()
}

#[cfg(test)]
mod mask_tests {
    use super::mask;

    #[test]
    fn a_masked_key_keeps_its_ends_and_its_shape() {
        assert_eq!(mask("ABCD-EFGH-IJKL-MNOP"), "ABCD-••••-••••-MNOP");
        assert_eq!(mask("SHORTKEY"), "S••••••Y");
        assert_eq!(mask("ÄBCDEFGHIJKLMN"), "ÄBCD••••••KLMN");
    }
}
