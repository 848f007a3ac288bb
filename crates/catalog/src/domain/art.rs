//! Generated artwork: covers (3:4), screenshots (16:9) and news images (16:9)
//! as SVG, drawn from a title and a palette seed. Pure functions: the same
//! input always gives the same bytes (so ETags are stable).

use std::fmt::Write as _;

use super::rng::Rng;

/// Background gradients: (from, to, accent).
const PALETTES: [(&str, &str, &str); 16] = [
    ("#1e1b4b", "#7c3aed", "#f472b6"),
    ("#0c4a6e", "#0ea5e9", "#fde047"),
    ("#14532d", "#22c55e", "#fef08a"),
    ("#7f1d1d", "#ef4444", "#fdba74"),
    ("#431407", "#f97316", "#fde68a"),
    ("#172554", "#3b82f6", "#a5f3fc"),
    ("#3b0764", "#a855f7", "#67e8f9"),
    ("#042f2e", "#14b8a6", "#fda4af"),
    ("#1c1917", "#78716c", "#fbbf24"),
    ("#500724", "#db2777", "#c4b5fd"),
    ("#0f172a", "#475569", "#38bdf8"),
    ("#365314", "#84cc16", "#f0abfc"),
    ("#083344", "#06b6d4", "#f9a8d4"),
    ("#422006", "#ca8a04", "#93c5fd"),
    ("#2e1065", "#6366f1", "#fcd34d"),
    ("#450a0a", "#b91c1c", "#5eead4"),
];

fn palette(seed: u64) -> (&'static str, &'static str, &'static str) {
    PALETTES[(seed % PALETTES.len() as u64) as usize]
}

/// Escapes text for an SVG text node.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other if other.is_control() => {}
            other => out.push(other),
        }
    }
    out
}

/// Splits a title into at most three lines of about `width` characters.
fn wrap(title: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in title.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    if lines.len() > 3 {
        let rest = lines.split_off(2).join(" ");
        lines.push(rest);
    }
    lines
}

/// Layered mountains across a `width`×`height` scene.
fn ridges(svg: &mut String, rng: &mut Rng, width: i64, height: i64, color: &str, layers: i64) {
    for layer in 0..layers {
        let base = height * (55 + layer * 12) / 100;
        let mut points = format!("0,{height} ");
        let steps = 6 + rng.range(0, 4);
        for step in 0..=steps {
            let x = width * step / steps;
            let y = base - rng.range(0, height / 5);
            let _ = write!(points, "{x},{y} ");
        }
        let _ = write!(points, "{width},{height}");
        let opacity = 0.25 + 0.2 * layer as f64;
        let _ = write!(svg, r#"<polygon points="{points}" fill="{color}" fill-opacity="{opacity:.2}"/>"#);
    }
}

fn open(svg: &mut String, width: i64, height: i64, seed: u64, id: &str) -> &'static str {
    let (from, to, accent) = palette(seed);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img"><defs><linearGradient id="{id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{from}"/><stop offset="1" stop-color="{to}"/></linearGradient></defs><rect width="{width}" height="{height}" fill="url(#{id})"/>"#
    );
    accent
}

/// A 600×800 cover: gradient, a sun or moon, ridges, and the title.
pub fn cover_svg(title: &str, palette_seed: u64) -> String {
    let mut rng = Rng::from_text(title);
    let mut svg = String::with_capacity(2048);
    let accent = open(&mut svg, 600, 800, palette_seed, "g");
    let (cx, cy, r) = (rng.range(120, 480), rng.range(140, 320), rng.range(60, 130));
    let _ = write!(svg, r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{accent}" fill-opacity="0.85"/>"#);
    for _ in 0..rng.range(12, 28) {
        let (x, y, size) = (rng.range(0, 600), rng.range(0, 420), rng.range(1, 3));
        let _ = write!(svg, r##"<circle cx="{x}" cy="{y}" r="{size}" fill="#ffffff" fill-opacity="0.6"/>"##);
    }
    ridges(&mut svg, &mut rng, 600, 800, "#0b0d14", 3);
    svg.push_str(r##"<rect y="560" width="600" height="240" fill="#0b0d14" fill-opacity="0.55"/>"##);
    let lines = wrap(title, 16);
    let size = if lines.iter().any(|line| line.chars().count() > 12) { 44 } else { 54 };
    let top = 800 - 70 - (lines.len() as i64 - 1) * (size + 8);
    for (index, line) in lines.iter().enumerate() {
        let y = top + index as i64 * (size + 8);
        let _ = write!(
            svg,
            r##"<text x="40" y="{y}" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="{size}" font-weight="800" fill="#ffffff">{}</text>"##,
            escape(line)
        );
    }
    let _ = write!(svg, r#"<rect x="40" y="{}" width="72" height="6" rx="3" fill="{accent}"/>"#, top - size - 10);
    svg.push_str("</svg>");
    svg
}

/// A 1280×720 in-game scene; `index` varies the picture.
pub fn screenshot_svg(title: &str, palette_seed: u64, index: u32) -> String {
    let mut rng = Rng::from_text(&format!("{title}#{index}"));
    let mut svg = String::with_capacity(2048);
    let accent = open(&mut svg, 1280, 720, palette_seed.wrapping_add(u64::from(index)), "s");
    let (cx, cy) = (rng.range(150, 1130), rng.range(90, 260));
    let _ =
        write!(svg, r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{accent}" fill-opacity="0.8"/>"#, rng.range(50, 110));
    ridges(&mut svg, &mut rng, 1280, 720, "#05060a", 3);
    for _ in 0..rng.range(2, 5) {
        let (x, y, w, h) = (rng.range(60, 1100), rng.range(380, 600), rng.range(30, 80), rng.range(60, 160));
        let _ = write!(
            svg,
            r##"<rect x="{x}" y="{}" width="{w}" height="{h}" rx="6" fill="#0b0d14" fill-opacity="0.85"/>"##,
            y - h
        );
    }
    // A HUD: health bar and a minimap.
    let _ = write!(
        svg,
        r##"<rect x="32" y="32" width="260" height="18" rx="9" fill="#000" fill-opacity="0.45"/><rect x="36" y="36" width="{}" height="10" rx="5" fill="{accent}"/><rect x="1108" y="548" width="140" height="140" rx="12" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-opacity="0.4"/><circle cx="1178" cy="618" r="5" fill="{accent}"/>"##,
        rng.range(80, 252)
    );
    let _ = write!(
        svg,
        r##"<text x="40" y="690" font-family="Inter, Arial, sans-serif" font-size="22" fill="#ffffff" fill-opacity="0.7">{}</text></svg>"##,
        escape(title)
    );
    svg
}

/// A 1200×675 news image: gradient with bold diagonal bands.
pub fn news_svg(news_id: i64, palette_seed: u64) -> String {
    let mut rng = Rng::new(news_id as u64);
    let mut svg = String::with_capacity(1024);
    let accent = open(&mut svg, 1200, 675, palette_seed, "n");
    for band in 0..rng.range(3, 6) {
        let x = rng.range(-200, 1100);
        let width = rng.range(60, 220);
        let opacity = 0.12 + 0.08 * band as f64;
        let _ = write!(
            svg,
            r#"<polygon points="{x},675 {},675 {},0 {},0" fill="{accent}" fill-opacity="{opacity:.2}"/>"#,
            x + width,
            x + width + 300,
            x + 300
        );
    }
    let _ = write!(
        svg,
        r#"<circle cx="{}" cy="{}" r="{}" fill="{accent}" fill-opacity="0.5"/></svg>"#,
        rng.range(200, 1000),
        rng.range(150, 500),
        rng.range(80, 180)
    );
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_is_deterministic_and_well_formed() {
        let first = cover_svg("Crimson Frontier", 3);
        assert_eq!(first, cover_svg("Crimson Frontier", 3));
        assert_ne!(first, cover_svg("Neon Drift", 3));
        for svg in [first, screenshot_svg("Crimson Frontier", 3, 2), news_svg(7, 1)] {
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            assert_eq!(svg.matches("<svg").count(), 1);
        }
    }

    #[test]
    fn titles_are_escaped() {
        let svg = cover_svg("Tom & Jerry's <Quest>", 0);
        assert!(svg.contains("Tom &amp; Jerry&#39;s") && svg.contains("&lt;Quest&gt;"), "{svg}");
        assert!(!svg.contains("<Quest>"));
    }

    #[test]
    fn long_titles_wrap_into_three_lines_at_most() {
        assert_eq!(wrap("A Very Long Title That Keeps Going On And On", 12).len(), 3);
        assert_eq!(wrap("Short", 12), ["Short"]);
    }
}
