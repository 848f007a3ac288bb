//! Markdown written in the console (news, footer pages, newsletter issues)
//! turned into HTML that is safe to put in a page or an e-mail.
//!
//! CommonMark with tables and strikethrough (pulldown-cmark), a `#` heading
//! made an `h2` (the page's title is its only `h1`), then cleaned by
//! ammonia's allow-list: raw HTML is allowed in the source, but no script,
//! event handler, style or `javascript:` address survives it; links get
//! `rel="noopener noreferrer nofollow"`.

use std::collections::HashSet;
use std::sync::LazyLock;

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The longest body accepted, in characters (news, pages, newsletters).
pub const MAX_CHARS: usize = 20_000;

static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder.url_schemes(HashSet::from(["http", "https", "mailto"])).link_rel(Some("noopener noreferrer nofollow"));
    builder
});

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// A `#` heading becomes an `h2`: the page's title is its only `h1`.
fn lower(level: HeadingLevel) -> HeadingLevel {
    if level == HeadingLevel::H1 { HeadingLevel::H2 } else { level }
}

/// The sanitised HTML of `markdown`.
pub fn to_html(markdown: &str) -> String {
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Start(Tag::Heading { level, id, classes, attrs }) => {
            Event::Start(Tag::Heading { level: lower(level), id, classes, attrs })
        }
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(lower(level))),
        other => other,
    });
    let mut html = String::with_capacity(markdown.len() + markdown.len() / 4);
    pulldown_cmark::html::push_html(&mut html, events);
    CLEANER.clean(&html).to_string()
}

/// The words of `markdown` without its markup, paragraphs on their own lines
/// and a link's web or mail address after its words (an e-mail's plain-text
/// part). Raw HTML tags in the source are dropped.
pub fn to_plain_text(markdown: &str) -> String {
    plain(markdown, true)
}

/// The words of `markdown` alone: no markup, no addresses (a summary).
pub fn to_words(markdown: &str) -> String {
    plain(markdown, false).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether a link's address is worth printing in plain text (never a
/// `javascript:` one).
fn printable(url: &str) -> bool {
    ["https://", "http://", "mailto:"].iter().any(|scheme| url.to_ascii_lowercase().starts_with(scheme))
}

fn plain(markdown: &str, with_addresses: bool) -> String {
    let mut text = String::with_capacity(markdown.len());
    let mut link: Option<String> = None;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Text(words) | Event::Code(words) => text.push_str(&words),
            Event::SoftBreak | Event::HardBreak => text.push('\n'),
            Event::Start(Tag::Link { dest_url, .. }) => link = Some(dest_url.to_string()),
            Event::End(TagEnd::Link) => {
                if let Some(url) = link.take().filter(|url| with_addresses && printable(url)) {
                    text.push_str(&format!(" ({url})"));
                }
            }
            Event::Start(Tag::Item) if with_addresses => text.push_str("- "),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::CodeBlock | TagEnd::List(_)) => {
                while !text.ends_with("\n\n") {
                    text.push('\n');
                }
            }
            Event::End(TagEnd::Item | TagEnd::TableRow) if !text.ends_with('\n') => text.push('\n'),
            Event::End(TagEnd::TableCell) => text.push('\t'),
            _ => {}
        }
    }
    text.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_html_with_headings_below_the_page_title() {
        let html = to_html("# Big\n\n## Delivery\n\n### Times\n\nKeys arrive **at once**.\n\n- one\n- two\n");
        assert!(html.contains("<h2>Big</h2>"), "{html}");
        assert!(html.contains("<h2>Delivery</h2>"), "{html}");
        assert!(html.contains("<h3>Times</h3>"), "{html}");
        assert!(html.contains("<strong>at once</strong>"), "{html}");
        assert!(html.contains("<li>one</li>"), "{html}");
    }

    #[test]
    fn no_script_survives() {
        let attacks = [
            "<script>alert(1)</script>",
            "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
            "<img src=x onerror=alert(1)>",
            "[click](javascript:alert(1))",
            "[click](JaVaScRiPt:alert(1))",
            "<a href=\"javascript:alert(1)\">x</a>",
            "<iframe src=\"https://evil.example\"></iframe>",
            "<svg onload=alert(1)>",
            "<div style=\"background:url(javascript:alert(1))\">x</div>",
            "<object data=\"x.swf\"></object>",
            "![x](javascript:alert(1))",
            "<form action=\"https://evil.example\"><input name=p></form>",
            "<p onclick=\"alert(1)\">hi</p>",
            "```\n<script>alert(1)</script>\n```",
        ];
        for attack in attacks {
            let html = to_html(&format!("Before\n\n{attack}\n\nAfter"));
            let lower = html.to_lowercase();
            for forbidden in [
                "<script",
                "javascript:",
                "onerror",
                "onload",
                "onclick",
                "<iframe",
                "<svg",
                "style=",
                "<object",
                "<form",
                "<input",
            ] {
                assert!(!lower.contains(forbidden), "{attack:?} left {forbidden:?} in {html}");
            }
            assert!(html.contains("Before") && html.contains("After"), "{html}");
        }
        // Shown as text inside code, escaped.
        assert!(to_html("`<script>`").contains("&lt;script&gt;"));
    }

    #[test]
    fn links_keep_their_address_and_never_pass_the_referrer() {
        let html = to_html("[Help](https://help.example/a?b=1) and [news](/news/2) and [mail](mailto:s@x.example)");
        assert!(html.contains("href=\"https://help.example/a?b=1\""), "{html}");
        assert!(html.contains("href=\"/news/2\""), "{html}");
        assert!(html.contains("href=\"mailto:s@x.example\""), "{html}");
        assert!(html.contains("rel=\"noopener noreferrer nofollow\""), "{html}");
    }

    #[test]
    fn plain_text_keeps_the_words_and_the_addresses_of_links() {
        let source = "## Sale\n\nAll **keys** at [half price](https://x.example/sale).\n\n- one\n- two\n\n<b>raw</b> [x](javascript:alert(1))";
        let text = to_plain_text(source);
        assert_eq!(text, "Sale\n\nAll keys at half price (https://x.example/sale).\n\n- one\n- two\n\nraw x");
        assert_eq!(to_words(source), "Sale All keys at half price. one two raw x");
    }
}
