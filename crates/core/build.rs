//! Embeds the message catalogues of `locales/` (shared with the SPA) so the
//! binary answers in every language without reading files at run time.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Read at run time: a build script compiled for another checkout (a shared
    // target directory) must not look in that checkout.
    let locales = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?).join("../../locales").canonicalize()?;
    println!("cargo:rerun-if-changed={}", locales.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&locales)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    let mut out = String::from(
        "/// (language code, catalogue JSON) for every file in `locales/`.\npub static CATALOGUES: &[(&str, &str)] = &[\n",
    );
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
        let code = file.file_stem().and_then(|stem| stem.to_str()).ok_or("bad catalogue file name")?;
        writeln!(out, "    ({code:?}, include_str!({:?})),", file.display().to_string())?;
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var("OUT_DIR")?).join("catalogues.rs");
    std::fs::write(target, out)?;
    Ok(())
}
